'use client';
import { useEffect, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { whenIdle } from '../browser/when-idle';

/**
 * A form's zod rules (and zod itself, and the resolver) are needed when the member sends the form, not to show it:
 * they load once the page is idle, as their own chunk, so a phone on a weak signal gets a working form sooner.
 * A form sent before they arrive simply waits for them (react-hook-form resolvers may be async); the rules and their
 * pt-BR messages are the same ones the API applies.
 */
export function lazyZodResolver<Input extends FieldValues, Output extends FieldValues>(
  load: () => Promise<$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> & { preload: () => Promise<unknown> } {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  const preload = () => {
    if (!ready) {
      ready = Promise.all([load(), import('@hookform/resolvers/zod')]).then(([schema, { zodResolver }]) =>
        zodResolver(schema),
      );
      // A failed load (no signal) is tried again on the next validation.
      ready.catch(() => {
        ready = undefined;
      });
    }
    return ready;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await preload())(values, context, options);
  return Object.assign(resolver, { preload });
}

/**
 * The lazy resolver of one mounted form (`load` is read once), fetched as soon as the page is idle so the first send
 * does not wait for it.
 */
export function useLazyZodResolver<Input extends FieldValues, Output extends FieldValues>(
  load: () => Promise<$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  const [resolver] = useState(() => lazyZodResolver(load));
  useEffect(() => whenIdle(() => void resolver.preload().catch(() => undefined)), [resolver]);
  return resolver;
}
