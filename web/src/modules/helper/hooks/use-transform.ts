import { useRef, useState } from 'react';
import { ERRORS, TransformError } from '../transform/errors';
import { CONVERTERS, type Converter, converterById, defaultValues, KINDS } from '../transform/registry';
import { formatInZone, localTimeZone } from '../transform/time';

/** A file the user chose, read whole (it never leaves the browser). */
export type ChosenFile = { readonly name: string; readonly bytes: Uint8Array };
/** What the last conversion gave, with the conversion that gave it. */
export type TransformOutput = {
  readonly converter: Converter;
  readonly data: string | Uint8Array;
  readonly name?: string;
};

const FIRST = CONVERTERS[0] as Converter;
/** The name a result is saved under: the chosen file's, else a plain one, with the kind's extension. */
const fileName = (base: string | undefined, converter: Converter) =>
  `${base?.replace(/\.[^.]+$/, '') || 'converted'}.${KINDS[converter.to].extension}`;

/**
 * The transform page's state: the conversion and its options, the input (a text, or a file for
 * the kinds that are files), and the result or the error of the last run. Only the latest run
 * counts: a slower earlier one that ends after it is dropped.
 */
export function useTransform() {
  const [converter, setConverter] = useState<Converter>(FIRST);
  const [values, setValues] = useState(() => defaultValues(FIRST));
  const [text, setText] = useState('');
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [output, setOutput] = useState<TransformOutput | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [running, setRunning] = useState(false);
  const runs = useRef(0);

  const binaryInput = KINDS[converter.from].binary;

  const choose = (id: string) => {
    const next = converterById(id);
    if (!next || next === converter) return;
    runs.current++; // a run of the conversion left behind no longer counts
    setRunning(false);
    setConverter(next);
    setValues(defaultValues(next));
    setOutput(null);
    setError(null);
  };

  const run = async (
    using: Converter,
    input: string | Uint8Array | undefined,
    settings: Readonly<Record<string, string | boolean>>,
    baseName: string | undefined,
  ) => {
    const id = ++runs.current;
    setError(null);
    const empty = input === undefined || (typeof input === 'string' ? input.trim() === '' : input.length === 0);
    if (empty) {
      setOutput(null);
      setError(new TransformError(ERRORS.empty));
      return;
    }
    setRunning(true);
    try {
      const data = await using.run(input, settings);
      if (id !== runs.current) return;
      setOutput({ converter: using, data, name: fileName(baseName, using) });
    } catch (caught) {
      if (id !== runs.current) return;
      setOutput(null);
      setError(caught instanceof Error ? caught : new Error(String(caught)));
    } finally {
      if (id === runs.current) setRunning(false);
    }
  };

  /** Switches to the conversion back, with the result as its input, and runs it. */
  const swap = () => {
    const back = converterById(converter.reverse);
    if (!back) return;
    const data = output?.converter === converter ? output.data : undefined;
    runs.current++;
    setRunning(false);
    setConverter(back);
    const nextValues = { ...defaultValues(back), ...pick(values, back) };
    setValues(nextValues);
    setOutput(null);
    setError(null);
    if (data === undefined) return;
    const name = output?.name;
    if (typeof data === 'string') setText(data);
    else setFile({ name: name ?? fileName(undefined, converter), bytes: data });
    void run(back, data, nextValues, name);
  };

  const fillSample = () => {
    if (converter.sample !== undefined) setText(converter.sample);
    setError(null);
  };

  /** Adds the time now as the input's kind writes it: a timestamp, or a date and time in the chosen zone. */
  const fillNow = () => {
    const zone = typeof values.timeZone === 'string' ? values.timeZone : localTimeZone();
    const now =
      converter.from === 'timestamps' ? String(Math.floor(Date.now() / 1000)) : formatInZone(Date.now(), zone);
    setText((current) => (current.trim() === '' ? `${now}\n` : `${current.replace(/\n*$/, '\n')}${now}\n`));
  };

  const clear = () => {
    runs.current++;
    setText('');
    setFile(null);
    setOutput(null);
    setError(null);
    setRunning(false);
  };

  const setValue = (key: string, value: string | boolean) => setValues((current) => ({ ...current, [key]: value }));

  return {
    converter,
    values,
    text,
    file,
    output: output?.converter === converter ? output : null,
    error,
    running,
    binaryInput,
    choose,
    run: () => void run(converter, binaryInput ? file?.bytes : text, values, binaryInput ? file?.name : undefined),
    swap,
    fillSample,
    fillNow,
    clear,
    setText,
    setFile,
    setValue,
  };
}

/** The option values `next` shares with the current conversion (a delimiter, a zone), kept across a swap. */
function pick(values: Readonly<Record<string, string | boolean>>, next: Converter) {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => {
      const option = next.options[key];
      if (!option) return false;
      switch (option.kind) {
        case 'choice':
          return option.choices.some((c) => c.value === value);
        case 'switch':
          return typeof value === 'boolean';
        default:
          return typeof value === 'string';
      }
    }),
  );
}
