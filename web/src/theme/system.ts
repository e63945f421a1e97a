/**
 * The Chakra UI system: Chakra's base preset and tokens (light values only), the recipes of the
 * components this app uses, and our brand colours. Listing recipes (instead of Chakra's whole
 * default theme) keeps about 15 KB of gzipped styling code out of the first page.
 * Using a Chakra component whose recipe is not below? Add its recipe here, or it renders unstyled.
 * Brand shades were picked for WCAG AA contrast (white on brand.700/800, brand.800 on white).
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  blockquoteSlotRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  comboboxSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listboxSlotRecipe,
  listSlotRecipe,
  markRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  statSlotRecipe,
  statusSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  tagsInputSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  tooltipSlotRecipe,
  treeViewSlotRecipe,
} from '@chakra-ui/react/theme';

type TokenTree = Record<string, unknown>;

/**
 * The semantic tokens with their light value only. The app has no dark mode, and every page
 * load builds the system: without the `_light`/`_dark` conditions Chakra makes one block of CSS
 * variables instead of three (about a fifth of `createSystem`'s time).
 */
function lightOnly(tree: TokenTree): TokenTree {
  const out: TokenTree = {};
  for (const [key, node] of Object.entries(tree)) {
    if (node && typeof node === 'object' && 'value' in node) {
      const { value } = node as { value: unknown };
      out[key] = { ...node, value: value && typeof value === 'object' && '_light' in value ? (value as TokenTree)._light : value };
    } else out[key] = node && typeof node === 'object' ? lightOnly(node as TokenTree) : node;
  }
  return out;
}

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: lightOnly(semanticTokens) as typeof semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      kbd: kbdRecipe,
      link: linkRecipe,
      mark: markRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
      icon: iconRecipe,
      checkmark: checkmarkRecipe,
      radiomark: radiomarkRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      blockquote: blockquoteSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      combobox: comboboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      listbox: listboxSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      segmentGroup: segmentGroupSlotRecipe,
      select: selectSlotRecipe,
      stat: statSlotRecipe,
      status: statusSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      tagsInput: tagsInputSlotRecipe,
      toast: toastSlotRecipe,
      tooltip: tooltipSlotRecipe,
      treeView: treeViewSlotRecipe,
    },
  },
});

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

// createSystem merges its configs itself (merging them first made it deep-copy the result again).
export const system = createSystem(defaultBaseConfig, themeConfig, brandConfig);
