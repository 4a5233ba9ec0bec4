import { label } from '@backroom/contract/i18n';
import { ERRORS, positionAt, TransformError } from './errors';

/** Why a JSON text stops being JSON, in every language. */
const REASONS = {
  end: label('内容提前结束', '內容提前結束', 'the text ends too early'),
  value: label('此处应为一个值', '此處應為一個值', 'a value was expected here'),
  key: label('此处应为带双引号的键名', '此處應為帶雙引號的鍵名', 'a key in double quotes was expected here'),
  colon: label('键名后应为冒号', '鍵名後應為冒號', 'a colon was expected after the key'),
  commaObject: label('此处应为逗号或 }', '此處應為逗號或 }', 'a comma or } was expected here'),
  commaArray: label('此处应为逗号或 ]', '此處應為逗號或 ]', 'a comma or ] was expected here'),
  trailingComma: label('最后一项后不能有逗号', '最後一項後不能有逗號', 'no comma may follow the last item'),
  string: label('字符串未闭合', '字串未閉合', 'a string is never closed'),
  control: label(
    '字符串中不能直接换行或含控制字符',
    '字串中不能直接換行或含控制字元',
    'a string may not hold a line break or control character',
  ),
  escape: label('无效的转义序列', '無效的跳脫序列', 'an invalid escape sequence'),
  number: label('无效的数字', '無效的數字', 'an invalid number'),
  extra: label('JSON 值结束后还有多余内容', 'JSON 值結束後還有多餘內容', 'there is more text after the JSON value'),
} as const;
type Reason = keyof typeof REASONS;

class Stop {
  constructor(
    readonly reason: Reason,
    readonly offset: number,
  ) {}
}

/**
 * Finds where a text that JSON.parse refused stops being JSON, and why. Browsers word (and place)
 * their own message differently; this scanner gives one answer everywhere. It only checks the
 * grammar (RFC 8259) and builds nothing: JSON.parse builds the value.
 */
function locateError(text: string): Stop | undefined {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text.charAt(i))) i++;
  };
  const fail = (reason: Reason, at = i): never => {
    throw new Stop(i >= text.length && reason !== 'string' ? 'end' : reason, at);
  };
  const string = () => {
    const start = i;
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail('string', start);
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) fail('control');
      if (c === 92) {
        const next = text.charAt(i + 1);
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('escape');
          i += 6;
        } else if ('"\\/bfnrt'.includes(next) && next !== '') i += 2;
        else fail('escape');
      } else i++;
    }
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === '-') fail(text.charAt(i) === '-' || /\d/.test(text.charAt(i)) ? 'number' : 'value');
    i += match?.[0].length ?? 0;
    // "01" or "1." are numbers that go wrong, not values followed by junk.
    if (/^[0-9.eE]/.test(text.charAt(i))) fail('number');
  };
  const value = (): void => {
    space();
    const c = text.charAt(i);
    if (c === '{') {
      i++;
      space();
      if (text.charAt(i) === '}') {
        i++;
        return;
      }
      for (;;) {
        space();
        if (text.charAt(i) !== '"') fail(text.charAt(i) === '}' ? 'trailingComma' : 'key');
        string();
        space();
        if (text.charAt(i) !== ':') fail('colon');
        i++;
        value();
        space();
        if (text.charAt(i) === ',') {
          i++;
          continue;
        }
        if (text.charAt(i) === '}') {
          i++;
          return;
        }
        fail('commaObject');
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text.charAt(i) === ']') {
        i++;
        return;
      }
      for (;;) {
        space();
        if (text.charAt(i) === ']') fail('trailingComma');
        value();
        space();
        if (text.charAt(i) === ',') {
          i++;
          continue;
        }
        if (text.charAt(i) === ']') {
          i++;
          return;
        }
        fail('commaArray');
      }
    }
    if (c === '"') {
      string();
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    number();
  };
  try {
    value();
    space();
    if (i < text.length) fail('extra');
    return undefined;
  } catch (stop) {
    if (stop instanceof Stop) return stop;
    throw stop;
  }
}

/**
 * Parses a JSON text, or throws a TransformError saying where and why it is not JSON. An empty
 * text is an error of its own. A byte-order mark at the start is ignored.
 */
export function parseJson(input: string): unknown {
  const text = input.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new TransformError(ERRORS.empty);
  try {
    return JSON.parse(text);
  } catch {
    const stop = locateError(text) ?? new Stop('value', 0);
    const offset = stop.offset + (input.length - text.length);
    throw new TransformError(ERRORS.jsonSyntax, { reason: REASONS[stop.reason] }, positionAt(input, offset));
  }
}
