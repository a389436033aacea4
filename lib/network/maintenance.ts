/**
 * The app's side of maintenance mode (common/network/maintenance.ts has the API's answer): once an answer says the
 * club is under maintenance, every screen shows the maintenance screen until the club answers normally again.
 */

type Listener = () => void;

let underMaintenance = false;
const listeners = new Set<Listener>();

function set(value: boolean): void {
  if (underMaintenance === value) return;
  underMaintenance = value;
  for (const listener of listeners) listener();
}

/** The API said it is under maintenance: the app shows the maintenance screen. */
export function enterMaintenance(): void {
  set(true);
}

/** The club answered normally again. */
export function leaveMaintenance(): void {
  set(false);
}

export function isUnderMaintenance(): boolean {
  return underMaintenance;
}

export function subscribeMaintenance(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
