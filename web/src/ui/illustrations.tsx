import type { ReactNode } from 'react';

export type IllustrationKind = 'locked' | 'expired' | 'missing' | 'broken' | 'away';

/**
 * The error pages' pictures: a page in a window with a sign on it, drawn in the theme's colours
 * (CSS classes over the --br-* variables), so they sit on the page's own background in light and
 * dark alike instead of on a white block.
 */
const SIGNS: Record<IllustrationKind, ReactNode> = {
  // 404: a magnifying glass that finds nothing.
  missing: (
    <g className="ill-sign">
      <circle cx="152" cy="104" r="21" className="ill-surface ill-stroke" strokeWidth="7" />
      <path d="M167 119l17 17" className="ill-stroke" strokeWidth="10" strokeLinecap="round" />
      <path
        d="M145 98a8 8 0 1 1 10 7.5c-2.5 1-3 2.5-3 5"
        className="ill-stroke"
        strokeWidth="4"
        fill="none"
        strokeLinecap="round"
      />
      <circle cx="152" cy="117" r="2.6" className="ill-accent" />
    </g>
  ),
  // 403: a padlock.
  locked: (
    <g className="ill-sign">
      <path d="M138 104v-10a16 16 0 0 1 32 0v10" className="ill-stroke" strokeWidth="7" fill="none" />
      <rect x="128" y="102" width="52" height="40" rx="8" className="ill-accent" />
      <circle cx="154" cy="118" r="5" className="ill-surface" />
      <rect x="152" y="120" width="4" height="11" rx="2" className="ill-surface" />
    </g>
  ),
  // 401: a shield with a warning on it.
  expired: (
    <g className="ill-sign">
      <path d="M154 82l26 9v19c0 17-11 29-26 35-15-6-26-18-26-35V91z" className="ill-accent" />
      <rect x="151" y="96" width="6" height="24" rx="3" className="ill-surface" />
      <circle cx="154" cy="128" r="3.6" className="ill-surface" />
    </g>
  ),
  // 500: a warning sign.
  broken: (
    <g className="ill-sign">
      <path
        d="M154 80l30 54a5 5 0 0 1-4.4 7.5h-51.2A5 5 0 0 1 124 134z"
        className="ill-accent"
        strokeLinejoin="round"
      />
      <rect x="151" y="100" width="6" height="22" rx="3" className="ill-surface" />
      <circle cx="154" cy="131" r="3.6" className="ill-surface" />
    </g>
  ),
  // 502: an hourglass, back in a moment.
  away: (
    <g className="ill-sign">
      <rect x="132" y="80" width="44" height="7" rx="3.5" className="ill-accent" />
      <rect x="132" y="137" width="44" height="7" rx="3.5" className="ill-accent" />
      <path
        d="M138 87h32c0 14-10 19-13 25 3 6 13 11 13 25h-32c0-14 10-19 13-25-3-6-13-11-13-25z"
        className="ill-surface ill-stroke"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M146 131h16c-1-5-5-8-8-10-3 2-7 5-8 10z" className="ill-accent" />
      <path d="M147 95h14c-1 4-4 6-7 8-3-2-6-4-7-8z" className="ill-accent ill-faint" />
    </g>
  ),
};

export function Illustration({ kind }: { kind: IllustrationKind }) {
  return (
    <svg className="illustration" viewBox="0 0 240 180" role="img" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="166" rx="86" ry="7" className="ill-shadow" />
      <circle cx="120" cy="86" r="74" className="ill-backdrop" />
      <circle cx="44" cy="40" r="5" className="ill-dot" />
      <circle cx="204" cy="58" r="3.5" className="ill-dot" />
      <circle cx="196" cy="142" r="4.5" className="ill-dot" />
      <g transform="translate(6 0)">
        <g className="ill-window">
          <rect x="46" y="38" width="132" height="100" rx="10" className="ill-surface ill-outline" strokeWidth="2" />
          <path d="M46 58h132" className="ill-outline" strokeWidth="2" />
          <circle cx="58" cy="48" r="3" className="ill-line" />
          <circle cx="68" cy="48" r="3" className="ill-line" />
          <circle cx="78" cy="48" r="3" className="ill-line" />
          <rect x="58" y="70" width="56" height="7" rx="3.5" className="ill-line" />
          <rect x="58" y="84" width="44" height="7" rx="3.5" className="ill-line" />
          <rect x="58" y="98" width="52" height="7" rx="3.5" className="ill-line" />
          <rect x="58" y="112" width="34" height="7" rx="3.5" className="ill-line" />
        </g>
        {SIGNS[kind]}
      </g>
    </svg>
  );
}
