import type { Locale, TaskHandlerInfo } from '@backroom/contract';
import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type ValueProps = { value?: string | null; onChange?: (value: string | null) => void; id?: string };

/** A handler's name in the current language, or its registered name when the server does not know it. */
export function handlerLabel(handlers: readonly TaskHandlerInfo[] | undefined, name: string, locale: Locale): string {
  return handlers?.find((h) => h.name === name)?.label[locale] ?? name;
}

/** Chooses what a task runs from the handlers the server registered; a system task keeps its own. */
export function HandlerSelect({
  value,
  onChange,
  id,
  handlers,
  loading,
}: ValueProps & { handlers: readonly TaskHandlerInfo[]; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', { form, preserve: true }) as number | undefined;
  const known = handlers.some((h) => h.name === value);
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: 'search' }}
      loading={loading}
      value={value ?? undefined}
      disabled={type === 0}
      placeholder={t('task.form.servicePlaceholder')}
      onChange={(next) => onChange?.(next ?? null)}
      data-testid="task-service"
      options={[
        ...handlers.map((h) => ({
          value: h.name,
          search: `${h.label[locale]} ${h.name}`,
          label: (
            <span className="task-handler-option">
              <span>{h.label[locale]}</span>
              <code>{h.name}</code>
            </span>
          ),
        })),
        // A task saved with a handler this server no longer has still shows what it names.
        ...(value && !known ? [{ value, search: value, label: <code>{value}</code> }] : []),
      ]}
    />
  );
}

type JsonSchema = {
  type?: string;
  properties?: Record<string, { type?: string; description?: string; minimum?: number; maximum?: number }>;
  required?: string[];
};

/** The handler's arguments as JSON, with what the chosen handler takes listed beneath. */
export function ArgsInput({ value, onChange, id, handlers }: ValueProps & { handlers: readonly TaskHandlerInfo[] }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const service = Form.useWatch('service', form) as string | undefined;
  const schema = handlers.find((h) => h.name === service)?.args as JsonSchema | undefined;
  const properties = Object.entries(schema?.properties ?? {});
  return (
    <>
      <Input.TextArea
        id={id}
        rows={3}
        value={value ?? ''}
        className="task-code"
        placeholder="{}"
        onChange={(e) => onChange?.(e.target.value)}
        data-testid="task-data"
      />
      {schema && (
        <div className="task-args">
          <Typography.Text type="secondary">
            {properties.length > 0 ? t('task.form.argsTitle') : t('task.form.argsNone')}
          </Typography.Text>
          {properties.length > 0 && (
            <ul>
              {properties.map(([name, prop]) => (
                <li key={name}>
                  <code>{name}</code> <span className="task-args-type">{prop.type ?? 'any'}</span>
                  {!schema.required?.includes(name) && (
                    <span className="task-args-type"> · {t('task.form.argsOptional')}</span>
                  )}
                  {prop.minimum !== undefined || prop.maximum !== undefined ? (
                    <span className="task-args-type">
                      {' '}
                      [{prop.minimum ?? ''}…{prop.maximum ?? ''}]
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
