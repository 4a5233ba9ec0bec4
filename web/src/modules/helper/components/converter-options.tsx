import type { Locale } from '@backroom/contract/i18n';
import { Form, Input, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERTERS, type Converter, GROUPS, type OptionSpec, type TransformGroup } from '../transform/registry';
import { timeZones } from '../transform/time';

type Props = {
  converter: Converter;
  values: Readonly<Record<string, string | boolean>>;
  onChoose(id: string): void;
  onValue(key: string, value: string | boolean): void;
};

/** The conversion menu (grouped) and the chosen conversion's settings, each a labelled control. */
export function ConverterOptions({ converter, values, onChoose, onValue }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const groups = useMemo(
    () =>
      (Object.keys(GROUPS) as TransformGroup[]).map((group) => ({
        label: GROUPS[group][locale],
        title: GROUPS[group][locale],
        options: CONVERTERS.filter((c) => c.group === group).map((c) => ({ value: c.id, label: c.label[locale] })),
      })),
    [locale],
  );
  return (
    <Form layout="inline" className="transform-options" component="div">
      <Form.Item label={t('helper.transform.conversion')} htmlFor="transform-converter">
        <Select
          id="transform-converter"
          className="transform-converter"
          value={converter.id}
          options={groups}
          onChange={onChoose}
          popupMatchSelectWidth={false}
        />
      </Form.Item>
      {Object.entries(converter.options).map(([key, option]) => (
        <Form.Item key={`${converter.id}-${key}`} label={option.label[locale]} htmlFor={`transform-option-${key}`}>
          <OptionInput
            id={`transform-option-${key}`}
            option={option}
            value={values[key]}
            onChange={(v) => onValue(key, v)}
          />
        </Form.Item>
      ))}
    </Form>
  );
}

function OptionInput({
  id,
  option,
  value,
  onChange,
}: {
  id: string;
  option: OptionSpec;
  value: string | boolean | undefined;
  onChange(value: string | boolean): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  switch (option.kind) {
    case 'choice':
      return (
        <Select
          id={id}
          className="transform-choice"
          value={String(value ?? option.default)}
          options={option.choices.map((c) => ({ value: c.value, label: c.label[locale] }))}
          onChange={onChange}
          popupMatchSelectWidth={false}
        />
      );
    case 'switch':
      return <Switch id={id} checked={value === true} onChange={onChange} />;
    case 'text':
      return (
        <Input
          id={id}
          className="transform-text-option"
          value={String(value ?? option.default)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'timeZone':
      return (
        <TimeZoneSelect
          id={id}
          value={String(value ?? '')}
          onChange={onChange}
          placeholder={t('helper.transform.timeZoneSearch')}
        />
      );
  }
}

function TimeZoneSelect({
  id,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  value: string;
  onChange(zone: string): void;
  placeholder: string;
}) {
  const options = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);
  return (
    <Select
      id={id}
      className="transform-zone"
      showSearch
      value={value}
      options={options}
      onChange={onChange}
      placeholder={placeholder}
      popupMatchSelectWidth={false}
    />
  );
}
