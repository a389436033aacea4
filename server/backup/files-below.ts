import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file below `dir`, as paths relative to it ('2026/11/a.pdf'); a missing folder has none. */
export async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await filesBelow(dir, relative)));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}
