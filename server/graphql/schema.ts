import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import {
  Kind,
  parse,
  print,
  type DefinitionNode,
  type FieldDefinitionNode,
  type ObjectTypeDefinitionNode,
} from 'graphql';

const MODULES_DIR = path.join(__dirname, '..', 'modules');
/** Types every module shares (the Upload scalar), beside the module SDL. */
const SHARED_SDL = path.join(__dirname, 'scalars.graphql');

/**
 * Each module's SDL, in a stable order so the printed schema does not change between runs: `schema.graphql` for the
 * members' endpoint, `staff.graphql` for the painel's.
 */
export function readModuleSdl(modulesDir: string = MODULES_DIR, fileName = 'schema.graphql'): string[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => path.join(modulesDir, d.name, fileName))
    .filter((file) => existsSync(file))
    .sort()
    .map((file) => readFileSync(file, 'utf8'));
}

/**
 * Merges module SDL into one document. Modules each declare their own `type Query` / `type Mutation` (the same
 * shape codegen's loader merges), so object types of the same name are joined field by field here.
 */
export function mergeTypeDefs(sources: readonly string[]): string {
  const objects = new Map<string, ObjectTypeDefinitionNode>();
  const others: DefinitionNode[] = [];
  for (const source of sources) {
    for (const def of parse(source).definitions) {
      if (def.kind !== Kind.OBJECT_TYPE_DEFINITION) {
        others.push(def);
        continue;
      }
      const existing = objects.get(def.name.value);
      if (!existing) {
        objects.set(def.name.value, def);
        continue;
      }
      const names = new Set((existing.fields ?? []).map((f) => f.name.value));
      const added: FieldDefinitionNode[] = [];
      for (const field of def.fields ?? []) {
        if (names.has(field.name.value)) {
          throw new Error(`Campo duplicado no schema GraphQL: ${def.name.value}.${field.name.value}`);
        }
        added.push(field);
      }
      objects.set(def.name.value, {
        ...existing,
        fields: [...(existing.fields ?? []), ...added],
        interfaces: [...(existing.interfaces ?? []), ...(def.interfaces ?? [])],
      });
    }
  }
  return print({ kind: Kind.DOCUMENT, definitions: [...objects.values(), ...others] });
}

export function loadSchemaSdl(modulesDir?: string): string {
  return mergeTypeDefs([readFileSync(SHARED_SDL, 'utf8'), ...readModuleSdl(modulesDir)]);
}

/** The painel's schema (/painel/graphql): every module's staff.graphql, none of the members' SDL. */
export function loadStaffSchemaSdl(modulesDir?: string): string {
  return mergeTypeDefs(readModuleSdl(modulesDir, 'staff.graphql'));
}
