/**
 * The value a plain object holds under a key of its own, or undefined. Use it wherever a string
 * from outside (a client's field, header or file name, a stored key) indexes an object: `obj[key]`
 * also finds what every object inherits (`constructor`, `toString`, `__proto__`).
 */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
