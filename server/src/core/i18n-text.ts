import type { Locale } from '@backroom/contract';

/** One message in the three languages. */
export type Texts = Readonly<Record<Locale, string>>;

/** A message from its three texts: simplified Chinese, traditional Chinese, English. */
export const m = (zhCn: string, zhTw: string, en: string): Texts => ({ 'zh-cn': zhCn, 'zh-tw': zhTw, en });
