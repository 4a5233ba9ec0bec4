/**
 * The text index of an entity's keyword fields (PageQueryOp.textIndex): `true` for every keyword
 * field, or the fields held otherwise named: `identifiers` as 6-character pieces, `pairs` the ones
 * also held as 2-character pieces (all of the others unless named; `[]` for none).
 */
export type TextIndexOption<K extends string = string> =
  | boolean
  | { readonly identifiers?: readonly K[]; readonly pairs?: readonly K[] };

/** The text index columns of a table (TableDecl.textIndex, textIdentifiers, textPairs); none without one. */
export type TextIndexColumns = {
  textIndex?: readonly string[];
  textIdentifiers?: readonly string[];
  textPairs?: readonly string[];
};

/**
 * The table's text index as the declaration asks: trigram columns and identifier columns apart,
 * and the trigram columns also held as pairs (all of them unless the declaration names some).
 */
export function textIndexColumns(
  table: string,
  keyWordLikeFields: readonly string[],
  option: TextIndexOption,
): TextIndexColumns {
  if (!option) return {};
  const identifiers = option === true ? [] : (option.identifiers ?? []);
  for (const name of identifiers) {
    if (!keyWordLikeFields.includes(name)) {
      throw new Error(`${table}: text index identifier ${name} is not a keyword field`);
    }
  }
  const words = keyWordLikeFields.filter((f) => !identifiers.includes(f));
  if (words.length === 0) throw new Error(`${table}: a text index needs a keyword field besides the identifiers`);
  const pairs = (option === true ? undefined : option.pairs) ?? words;
  for (const name of pairs) {
    if (!words.includes(name)) {
      throw new Error(`${table}: text index pairs ${name} is not a keyword field outside the identifiers`);
    }
  }
  return {
    textIndex: words,
    ...(identifiers.length > 0 ? { textIdentifiers: identifiers } : {}),
    ...(pairs.length > 0 ? { textPairs: pairs } : {}),
  };
}
