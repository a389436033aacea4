import { QDemoDataDocument } from '../graphql/generated-public/graphql';
import { request } from '../graphql/request';

let answer: Promise<boolean> | undefined;

/**
 * Whether the club holds demo accounts, asked once per page load and shared by every frame the page shows: the
 * terminal's `remove-demo` shows at the next load. A request that fails answers false and is asked again next time.
 */
export function clubHasDemoData(): Promise<boolean> {
  answer ??= request(QDemoDataDocument, {}).then(
    (data) => data.demoData,
    () => {
      answer = undefined;
      return false;
    },
  );
  return answer;
}

/** Tests start each case from a page that has not asked yet. */
export function forgetDemoDataAnswer(): void {
  answer = undefined;
}
