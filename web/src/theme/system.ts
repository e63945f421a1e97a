/**
 * The Chakra UI system: Chakra's defaults plus our brand colours. Brand shades were picked
 * for WCAG AA contrast (white text on brand.700/800, brand.800 text on white).
 */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const brandConfig = defineConfig({
  globalCss: {
    'html, body': { minHeight: '100%' },
    body: { bg: 'white', color: 'gray.900' },
    // A visible focus ring for every keyboard-focused element, not only Chakra's own.
    ':focus-visible': { outline: '3px solid', outlineColor: 'orange.400', outlineOffset: '2px' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#eef2fa' },
          100: { value: '#d5def0' },
          200: { value: '#aabbe0' },
          300: { value: '#7f97cf' },
          400: { value: '#5573bd' },
          500: { value: '#3c5aa3' },
          600: { value: '#2f4884' },
          700: { value: '#253d73' },
          800: { value: '#1b2d56' },
          900: { value: '#111d38' },
          950: { value: '#0a1224' },
        },
        accent: {
          400: { value: '#f7a721' },
          500: { value: '#e08e00' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, brandConfig);
