/**
 * The real sizes of the unpaged lists, which the query cost charges (query-cost.ts), are counted
 * in Postgres (`vocabularies/list-sizes-repository.ts`, as `app.vocabularies.listSizes`) when the
 * server starts and again every few minutes, so the charge follows the catalogue as it grows.
 * Until the first count (or while Postgres is down) generous fallbacks apply.
 */
import type { ListSizes } from '../kernel/list-sizes.ts';

/** Above the real catalogue (3,270 records, 4 registries, 821 subject tree nodes, 1,429 domain tree nodes). */
export const FALLBACK_LIST_SIZES: ListSizes = { records: 5_000, registries: 4, subjectTreeNodes: 3_000, vocabularyNodes: 3_000, tableRows: {} };
export const LIST_SIZES_REFRESH_MS = 10 * 60 * 1000;
