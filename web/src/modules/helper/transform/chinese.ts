import type { ConverterFunction } from 'opencc-js';

/** The Traditional Chinese conventions OpenCC knows: Taiwan (with its phrases), Hong Kong, and OpenCC's standard. */
export type HantVariant = 'twp' | 'tw' | 'hk' | 't';

/** Building a converter reads its whole dictionary: once per direction and variant. */
const built = new Map<string, ConverterFunction>();

/**
 * Simplified → Traditional Chinese with OpenCC's dictionaries (opencc-js), which load only when a
 * conversion runs (the Simplified-to-Traditional ones are about 450 KB compressed).
 */
export async function toTraditional(input: string, variant: HantVariant = 'twp'): Promise<string> {
  const key = `cn>${variant}`;
  let convert = built.get(key);
  if (!convert) {
    const { Converter } = await import('opencc-js/cn2t');
    convert = Converter({ from: 'cn', to: variant });
    built.set(key, convert);
  }
  return convert(input);
}

/** Traditional (as written in `variant`) → Simplified Chinese, with OpenCC's dictionaries. */
export async function toSimplified(input: string, variant: HantVariant = 'twp'): Promise<string> {
  const key = `${variant}>cn`;
  let convert = built.get(key);
  if (!convert) {
    const { Converter } = await import('opencc-js/t2cn');
    convert = Converter({ from: variant, to: 'cn' });
    built.set(key, convert);
  }
  return convert(input);
}
