/** What other screens use from the shell. */
export { Layout, PageContainer } from './Layout.tsx';
export { Hero } from './Hero.tsx';
export { PageLoading } from './PageLoading.tsx';
export { usePageTitle, setPageTitle, pageTitle } from './usePageTitle.ts';
export { heroForRegistry, type HeroContent } from './heroContent.ts';
export { READ_ONLY_BANNER_TEXT } from './SiteMessages.tsx';
