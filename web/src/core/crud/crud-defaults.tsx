import type { Column, Entity, Locale } from '@backroom/contract';
import { Input, InputNumber, Select, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateTimeInput } from '../../ui/date-time-input';
import { type DictLookup, type DictOption, useDictLookup } from '../dictionaries';
import { CrudView } from './CrudPage';
import type {
  ColumnSpec,
  CrudRow,
  CrudValues,
  FieldSpec,
  FilterOption,
  FilterSpec,
  LooseCrudProps,
  Overrides,
} from './crud-types';
import { fieldKindOf } from './field-kinds';

/*
 * The screen a declaration gives by itself: `<CrudPage entity={x} />` with no columns or fields.
 * Columns, filters and form fields are read from the columns' kinds, values, labels and dicts;
 * validation stays the declaration's own zod schemas (crud-form, zod-rule). This file loads only
 * with a screen that uses it.
 */

/** What the derived parts need besides the declaration: the language, its words and the dictionaries. */
export type DeriveContext = { locale: Locale; t: TFunction; dict: DictLookup };

/** Strings longer than this get a text area and a wider column. */
const LONG_STRING = 255;
/** A json cell shows this many characters; the whole value is in its tooltip. */
const JSON_PREVIEW = 60;

type Entry = [name: string, column: Column];

const visibleColumns = (entity: Entity): Entry[] =>
  Object.entries(entity.columns).filter(([, column]) => !column.hidden);

const isEnum = (column: Column) => column.values !== undefined;

/** The word for one value of an enum column: its declared label, or the value itself. */
function valueLabel(column: Column, value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return '';
  return column.valueLabels?.[String(value)]?.[locale] ?? String(value);
}

/** Dictionary choices in one flat list, children after their parent (a filter's select is flat). */
function flatChoices(choices: readonly DictOption[]): FilterOption[] {
  return choices.flatMap((c) => [{ label: c.label, value: c.value }, ...flatChoices(c.children ?? [])]);
}

/** An amount as the reader's language writes it, always with two decimals. */
export function formatMoney(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/** The value as one short line of JSON. */
export function jsonPreview(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > JSON_PREVIEW ? `${text.slice(0, JSON_PREVIEW)}…` : text;
}

function columnWidth(column: Column): number {
  const kind = fieldKindOf(column.input);
  if (kind?.width) return kind.width;
  if (column.kind === 'bool') return 100;
  if (isEnum(column)) return 120;
  if (column.dict) return 140;
  switch (column.kind) {
    case 'int':
    case 'bigint':
    case 'decimal':
      return 110;
    case 'datetime':
      return 170;
    case 'json':
      return 240;
    case 'text':
      return 280;
    case 'string':
      return (column.length ?? LONG_STRING) <= 32 ? 120 : (column.length ?? LONG_STRING) <= 100 ? 160 : 240;
  }
}

function columnRender(column: Column, { locale, t, dict }: DeriveContext): ColumnSpec['render'] {
  const { dict: type } = column;
  const cell = fieldKindOf(column.input)?.cell;
  if (cell) return (value) => cell(value);
  if (column.kind === 'bool') {
    return (value) => (value === true ? <Tag color="blue">{t('crud.yes')}</Tag> : <Tag>{t('crud.no')}</Tag>);
  }
  if (isEnum(column) && column.valueLabels) {
    return (value) => (value === null || value === undefined ? null : <Tag>{valueLabel(column, value, locale)}</Tag>);
  }
  if (type) return (value) => dict.label(type, value);
  if (column.kind === 'decimal') return (value) => (typeof value === 'number' ? formatMoney(value, locale) : null);
  if (column.kind === 'json') {
    return (value) => {
      const full = value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
      return <span title={full}>{jsonPreview(value)}</span>;
    };
  }
  return undefined;
}

/** The visible columns in declaration order, then the joined fields, then the creation time. */
export function deriveColumns(entity: Entity, context: DeriveContext): ColumnSpec[] {
  const columns: ColumnSpec[] = visibleColumns(entity).map(([key, column]) => ({
    key,
    width: columnWidth(column),
    render: columnRender(column, context),
  }));
  for (const key of Object.keys(entity.joined)) columns.push({ key, width: 140 });
  columns.push({ key: 'createTime', width: 170 });
  return columns;
}

/** A filter for each equality filter with a finite set of values: an enum, a bool, a dictionary. */
export function deriveFilters(entity: Entity, { locale, t, dict }: DeriveContext): FilterSpec[] {
  const filters: FilterSpec[] = [];
  for (const name of entity.query.fieldEq) {
    const column = entity.columns[name];
    if (!column) continue;
    const label = column.label[locale];
    if (column.values) {
      const options = column.values.map((value) => ({ value, label: valueLabel(column, value, locale) }));
      filters.push({ name, label, options });
    } else if (column.kind === 'bool') {
      filters.push({
        name,
        label,
        options: [
          { value: true, label: t('crud.yes') },
          { value: false, label: t('crud.no') },
        ],
      });
    } else if (column.dict) {
      filters.push({ name, label, options: flatChoices(dict.options(column.dict)) });
    }
  }
  for (const name of entity.query.fieldLike) {
    const column = entity.columns[name];
    if (column) filters.push({ name, label: column.label[locale], text: true });
  }
  return filters;
}

/** The limits a number column's schema sets, for the number input. */
function numberLimits(schema: z.ZodType): { min?: number; max?: number } {
  if (!(schema instanceof z.ZodNumber)) return {};
  const limits: { min?: number; max?: number } = {};
  if (schema.minValue !== null && Number.isFinite(schema.minValue)) limits.min = schema.minValue;
  if (schema.maxValue !== null && Number.isFinite(schema.maxValue)) limits.max = schema.maxValue;
  return limits;
}

/** A json column is edited as text, and must parse before the schema checks what it holds. */
function jsonField(name: string, column: Column, { locale, t }: DeriveContext): FieldSpec {
  const field = column.label[locale];
  return {
    name,
    span: 24,
    input: <Input.TextArea rows={4} spellCheck={false} style={{ fontFamily: 'monospace' }} />,
    format: (value) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2)),
    parse: (input) => {
      if (typeof input !== 'string') return input;
      try {
        return JSON.parse(input) as unknown;
      } catch {
        throw new Error(t('validation.invalid', { field }));
      }
    },
  };
}

function deriveField(name: string, column: Column, context: DeriveContext): FieldSpec {
  const { locale, dict } = context;
  const kind = fieldKindOf(column.input);
  if (kind) return { name, input: kind.input(), ...(kind.wide ? { span: 24 as const } : {}) };
  if (column.values) {
    const options = column.values.map((value) => ({ value, label: valueLabel(column, value, locale) }));
    return { name, input: <Select options={options} allowClear={column.nullable} /> };
  }
  if (column.dict) {
    return {
      name,
      input: <Select options={flatChoices(dict.options(column.dict))} allowClear={column.nullable} showSearch />,
    };
  }
  switch (column.kind) {
    case 'string':
      return (column.length ?? 0) > LONG_STRING
        ? { name, span: 24, input: <Input.TextArea rows={3} maxLength={column.length} /> }
        : { name, input: <Input maxLength={column.length} /> };
    case 'text':
      return { name, span: 24, input: <Input.TextArea rows={4} /> };
    case 'decimal':
      // An amount to the cent: two decimals (the server refuses more), shown grouped in the table.
      return {
        name,
        input: <InputNumber {...numberLimits(column.schema)} precision={2} step={0.01} style={{ width: '100%' }} />,
      };
    case 'int':
    case 'bigint':
      return {
        name,
        input: <InputNumber {...numberLimits(column.schema)} precision={0} style={{ width: '100%' }} />,
      };
    case 'bool':
      return { name, valuePropName: 'checked', input: <Switch /> };
    case 'datetime':
      return { name, input: <DateTimeInput /> };
    case 'json':
      return jsonField(name, column, context);
  }
}

/** A field for each visible column, by its kind. Write fields that are not columns come by override. */
export function deriveFields(entity: Entity, context: DeriveContext): FieldSpec[] {
  return visibleColumns(entity).map(([name, column]) => deriveField(name, column, context));
}

/** What a new record starts with: the declared defaults. */
export function deriveDefaults(entity: Entity): CrudValues {
  const values: CrudValues = {};
  for (const [name, column] of visibleColumns(entity)) {
    if (column.defaultValue !== undefined) values[name] = column.defaultValue;
  }
  return values;
}

type LooseOverrides = Overrides<CrudRow, CrudValues>;

/** The changes an override makes to one key's field: none, one, several (variants), or left out. */
function changesOf<T>(change: false | T | T[] | undefined): T[] | false {
  if (change === false) return false;
  if (change === undefined) return [];
  return Array.isArray(change) ? change : [change];
}

function overrideColumns(derived: readonly ColumnSpec[], overrides: LooseOverrides): ColumnSpec[] {
  const keys = new Set(derived.map((c) => c.key));
  const added = Object.keys(overrides).filter((key) => !keys.has(key) && overrides[key]?.column);
  return [...derived, ...added.map((key): ColumnSpec => ({ key }))].flatMap((column) => {
    const o = overrides[column.key];
    if (o?.column === false) return [];
    const title = o?.title === undefined ? {} : { title: o.title };
    return [{ ...column, ...title, ...o?.column }];
  });
}

function overrideFields(derived: readonly FieldSpec[], overrides: LooseOverrides): FieldSpec[] {
  const names = new Set(derived.map((f) => f.name));
  const added = Object.keys(overrides).filter((name) => !names.has(name) && overrides[name]?.field);
  return [...derived, ...added.map((name): FieldSpec => ({ name }))].flatMap((field) => {
    const o = overrides[field.name];
    const changes = changesOf(o?.field);
    if (changes === false) return [];
    const label = o?.title === undefined ? {} : { label: o.title };
    // Several changes are several variants of the field (shown by their `when`).
    return changes.length > 1
      ? changes.map((change) => ({ ...field, ...label, ...change }))
      : [{ ...field, ...label, ...changes[0] }];
  });
}

/**
 * The derived parts with the screen's overrides applied, key by key: changed, left out (false),
 * split into variants (a list of field changes), or added where the declaration gives nothing for
 * the key (the updateTime column, a write field's input).
 */
export function applyOverrides(
  derived: { columns: ColumnSpec[]; fields: FieldSpec[]; filters: FilterSpec[] },
  overrides: LooseOverrides = {},
) {
  return {
    columns: overrideColumns(derived.columns, overrides),
    fields: overrideFields(derived.fields, overrides),
    filters: derived.filters
      .filter((f) => overrides[f.name]?.filter !== false)
      // An override changes a filter's label or choices; a text filter stays one.
      .map((f) => ({ ...f, ...(overrides[f.name]?.filter || {}) }) as FilterSpec),
  };
}

/** The CrudPage of a screen that leaves its columns or fields to the declaration. */
export function DerivedCrudPage(props: LooseCrudProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { entity, overrides } = props;
  // The dictionaries are asked for only when a column names one.
  const dict = useDictLookup(Object.values(entity.columns).some((c) => c.dict !== undefined));
  const derived = useMemo(() => {
    const context: DeriveContext = { locale, t, dict };
    return applyOverrides(
      {
        columns: deriveColumns(entity, context),
        fields: deriveFields(entity, context),
        filters: deriveFilters(entity, context),
      },
      overrides,
    );
  }, [entity, overrides, locale, t, dict]);
  return (
    <CrudView
      {...props}
      columns={props.columns ?? derived.columns}
      fields={props.fields ?? derived.fields}
      filters={props.filters ?? derived.filters}
      defaults={{ ...deriveDefaults(entity), ...props.defaults }}
    />
  );
}
