import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures';
import { instanceOf, stack } from './stack';

/** The runtime stage of the Dockerfile: its Node.js major version (FROM node:<major>-…) and its CMD. */
function productionImage(): { nodeMajor: string; command: string[] } {
  const dockerfile = readFileSync('Dockerfile', 'utf8');
  const stages = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)];
  const command = /^CMD (\[.*\])$/m.exec(dockerfile);
  if (stages.length === 0 || !command) throw new Error('Dockerfile sem FROM node:<versão> ou sem CMD em JSON');
  return { nodeMajor: stages.at(-1)![1]!, command: JSON.parse(command[1]!) as string[] };
}

test('every API process runs what the production image runs: its Node.js line on the compiled server', async ({
  request,
}) => {
  const image = productionImage();
  expect(image.command[0]).toBe('node');
  const programs = stack.programs;
  expect(Object.keys(programs).sort()).toEqual([...stack.instances].sort());
  for (const [name, program] of Object.entries(programs)) {
    expect(program.nodeVersion, name).toMatch(new RegExp(`^v${image.nodeMajor}\\.\\d+\\.\\d+$`));
    expect(program.args, name).toEqual(image.command.slice(1));
  }

  // And those are the processes answering through nginx. It takes turns between them; another worker's requests may
  // come in between, so a few more tries than processes.
  const answeredBy = new Set<string | undefined>();
  for (let i = 0; i < 20 && answeredBy.size < stack.instances.length; i += 1) {
    const response = await request.get('/altcha/challenge');
    expect(response.status()).toBe(200);
    answeredBy.add(instanceOf(response));
  }
  expect([...answeredBy].sort()).toEqual([...stack.instances].sort());
});
