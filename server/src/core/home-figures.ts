import type { HomeCount, HomeProvidedFigure } from '@backroom/contract';
import type { Session } from './auth/principal.js';

/**
 * A figure of the home dashboard that a module provides when it is installed (the user module:
 * `appUsers`, its app users and how many signed up in the dashboard's range). The dashboard shows its card only
 * while one is registered, and only to an operator holding `perm`; `read` applies the module's own
 * data scope to the session.
 */
export type HomeFigureProvider = {
  readonly figure: HomeProvidedFigure;
  /** The permission reading the figure needs (the module's list page, typically). */
  readonly perm: string;
  /** The total and how many came within the window (`YYYY-MM-DD HH:mm:ss`, from inclusive, to exclusive). */
  read(session: Session, window: { from: string; to: string }): Promise<HomeCount>;
};

export type HomeFigureRegistry = {
  register(provider: HomeFigureProvider): void;
  get(figure: HomeProvidedFigure): HomeFigureProvider | undefined;
};

export function createHomeFigureRegistry(): HomeFigureRegistry {
  const providers = new Map<HomeProvidedFigure, HomeFigureProvider>();
  return {
    register(provider) {
      if (providers.has(provider.figure)) throw new Error(`home figure ${provider.figure} is provided twice`);
      providers.set(provider.figure, provider);
    },
    get: (figure) => providers.get(figure),
  };
}
