import type { Locale, PluginInfo, PluginManifest, PluginNetwork } from '@backroom/contract';
import { useTranslation } from 'react-i18next';

/** A plugin's name and description in the UI's language (its manifest's `i18n`), else as the row has them. */
export function pluginTexts(
  manifest: PluginManifest | null | undefined,
  fallback: { name: string; description?: string | null },
  locale: string,
): { name: string; description: string } {
  const texts = manifest?.i18n?.[locale as Locale];
  return { name: texts?.name ?? fallback.name, description: texts?.description ?? fallback.description ?? '' };
}

/** Whether a manifest asks for any network (the install dialog then asks the operator to approve it). */
export function needsNetwork(network: PluginNetwork | undefined): network is PluginNetwork {
  return !!network && (network.hosts.length > 0 || network.configUrls.length > 0);
}

/** The example plugins of the repository, packed at build (web/vite.config.ts) and served at /plugins/. */
const EXAMPLES = import.meta.glob<PluginManifest>('../../../../plugins/*/plugin.json', {
  eager: true,
  import: 'default',
});

export const examplePlugins: PluginManifest[] = Object.values(EXAMPLES).sort((a, b) =>
  a.keyName.localeCompare(b.keyName),
);

export const exampleUrl = (manifest: PluginManifest) => `/plugins/${manifest.keyName}-${manifest.version}.zip`;

/** A function giving a stored plugin's name in the UI's current language. */
export function usePluginName(): (plugin: Pick<PluginInfo, 'name' | 'pluginJson'>) => string {
  const { i18n } = useTranslation();
  return (plugin) => pluginTexts(plugin.pluginJson, plugin, i18n.language).name;
}
