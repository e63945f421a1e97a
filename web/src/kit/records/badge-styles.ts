/**
 * Badges and term chips as plain elements (`data-badge`, `data-palette`, `data-variant`) styled
 * by ONE style object on a container, with the look of Chakra's badge recipe (subtle, size sm).
 * A result list shows hundreds of them; a styled component each made rendering a page of
 * results the slowest step of a search. Containers: the result list (SearchResultRow.tsx),
 * the record header and the record's keyword section.
 */
import type { SystemStyleObject } from '@chakra-ui/react';

export type BadgePalette = 'blue' | 'green' | 'yellow' | 'red' | 'gray' | 'purple' | 'teal' | 'orange' | 'pink' | 'cyan';

const PALETTES: readonly BadgePalette[] = ['blue', 'green', 'yellow', 'red', 'gray', 'purple', 'teal', 'orange', 'pink', 'cyan'];

export interface BadgeAttributes {
  'data-badge': '';
  'data-palette': BadgePalette;
  'data-variant'?: 'outline';
}

export function badgeAttributes(palette: BadgePalette, variant?: 'outline'): BadgeAttributes {
  return variant ? { 'data-badge': '', 'data-palette': palette, 'data-variant': variant } : { 'data-badge': '', 'data-palette': palette };
}

export const BADGE_STYLES: SystemStyleObject = {
  '& [data-badge]': {
    colorPalette: 'gray',
    display: 'inline-flex',
    alignItems: 'center',
    borderRadius: 'l2',
    gap: '1',
    fontWeight: 'medium',
    fontVariantNumeric: 'tabular-nums',
    whiteSpace: 'nowrap',
    textStyle: 'xs',
    px: '1.5',
    minH: '5',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
    textDecoration: 'none',
  },
  ...Object.fromEntries(PALETTES.map((palette) => [`& [data-badge][data-palette="${palette}"]`, { colorPalette: palette }])),
  '& [data-badge][data-variant="outline"]': {
    bg: 'transparent',
    shadow: 'inset 0 0 0px 1px var(--shadow-color)',
    shadowColor: 'colorPalette.border',
  },
  '& a[data-badge]:hover': { textDecoration: 'underline' },
  '& [data-term-chips]': { display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyleType: 'none', p: '0', m: '0' },
};
