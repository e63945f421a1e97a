/**
 * Element Timing id of a search result's description (an `elementtiming` attribute): the browser
 * reports when it is first painted, with the rest of its row, which is what scripts/bench/web.ts
 * measures. (Chromium reports text painted directly inside a block, so it sits on the
 * description rather than on the name's link.)
 */
export const RESULT_PAINT_TIMING_ID = 'search-result';
