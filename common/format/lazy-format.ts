/**
 * An Intl formatter built on its first use rather than when its module loads: each one costs milliseconds to build
 * on a slow phone (the compact and currency forms most), and a page loads many modules whose formatters it never
 * calls. Home built five it did not use before it could answer a tap.
 */
export function lazyFormat<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
