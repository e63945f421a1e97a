/**
 * One search result: name, abbreviation, registry, type, status, clamped description, term
 * chips. The rows are plain elements styled once by the list (RESULT_LIST_STYLES): a page of
 * results is the largest thing the search page renders, and one styled component per element
 * made it the slowest step between the answer and the first visible row.
 */
import { Box, type SystemStyleObject } from '@chakra-ui/react';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { MarkdownInline } from '../markdown/Markdown.tsx';
import { BADGE_STYLES } from './badge-styles.ts';
import { RESULT_PAINT_TIMING_ID } from './paint-timing.ts';
import { RecordBadges } from './RecordBadges.tsx';
import type { SearchResultRecord, TextSegment } from './search-types.ts';
import { TermChips } from './TermChips.tsx';

const RESULT_LIST_STYLES: SystemStyleObject = {
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '0',
  m: '0',
  listStyleType: 'none',
  '& > li': { borderWidth: '1px', borderRadius: 'md', p: '4', bg: 'bg' },
  '& [data-row-title]': { display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' },
  '& h3': { fontFamily: 'heading', fontWeight: 'semibold', textStyle: 'md', lineHeight: 'short' },
  '& h3 a': { color: 'blue.700', textDecoration: 'none', borderRadius: 'l1' },
  '& h3 a:hover': { textDecoration: 'underline' },
  '& [data-abbreviation]': { color: 'fg.muted', fontWeight: 'medium' },
  '& [data-row-badges]': { display: 'flex', flexWrap: 'wrap', gap: '2', mt: '2' },
  '& [data-description]': { mt: '2', fontSize: 'sm', lineClamp: 3 },
  '& [data-description] a': { color: 'blue.700', textDecoration: 'underline' },
  '& [data-description] code': { fontFamily: 'mono', fontSize: '0.9em' },
  '& mark': { bg: 'yellow.100', color: 'inherit', fontWeight: 'semibold', borderRadius: 'xs', px: '0.5' },
  ...BADGE_STYLES,
  // After BADGE_STYLES, whose `[data-term-chips]` rule would otherwise replace this one.
  '& > li > [data-term-chips]': { mt: '2' },
};

/** Element Timing of the row's paint (paint-timing.ts); React passes the attribute through. */
const PAINT_TIMING: Record<string, string> = { elementtiming: RESULT_PAINT_TIMING_ID };

/** Segments as text nodes, matched words in `<mark>`: React escapes the text, so no record text becomes markup. */
function Highlighted({ segments, text }: { segments: TextSegment[] | null | undefined; text: string }) {
  if (!segments?.length) return <>{text}</>;
  return (
    <>
      {segments.map((segment, index) => (segment.matched ? <mark key={index}>{segment.text}</mark> : segment.text))}
    </>
  );
}

/** The description, or the passage holding the matched words, with "…" where it was cut, as segments. */
function descriptionSegments(description: string, passage: TextSegment[] | null | undefined): TextSegment[] {
  if (!passage?.length) return [{ text: description, matched: false }];
  const text = passage.map((segment) => segment.text).join('');
  const start = description.indexOf(text);
  return [
    ...(start > 0 ? [{ text: '… ', matched: false }] : []),
    ...passage,
    ...(start >= 0 && start + text.length < description.length ? [{ text: ' …', matched: false }] : []),
  ];
}

/** The description's Markdown inline (MarkdownInline), matched words marked; the plain text until its renderer has loaded. */
function DescriptionText({ description, passage }: { description: string; passage: TextSegment[] | null | undefined }) {
  const segments = descriptionSegments(description, passage);
  return <MarkdownInline segments={segments} fallback={<Highlighted segments={segments} text={description} />} />;
}

export function SearchResultRow({ record }: { record: SearchResultRecord }) {
  return (
    <li data-testid="search-result">
      <div data-row-title="">
        <h3>
          <RouterLink to={`/${record.id}`}>
            <Highlighted segments={record.highlight?.name} text={record.name} />
          </RouterLink>
        </h3>
        {record.abbreviation ? (
          <span data-abbreviation="">
            (<Highlighted segments={record.highlight?.abbreviation} text={record.abbreviation} />)
          </span>
        ) : null}
      </div>
      <div data-row-badges="">
        <RecordBadges record={record} />
      </div>
      {record.description ? (
        <p data-description="" {...PAINT_TIMING}>
          <DescriptionText description={record.description} passage={record.highlight?.description} />
        </p>
      ) : null}
      <TermChips
        limit={12}
        groups={[
          { argument: 'subjects', kind: 'Subject', terms: record.subjects, colorPalette: 'teal' },
          { argument: 'domains', kind: 'Domain', terms: record.domains, colorPalette: 'orange' },
          { argument: 'taxonomies', kind: 'Species', terms: record.taxonomies, colorPalette: 'pink' },
        ]}
      />
    </li>
  );
}

/** Memoised: the page re-renders around an unchanged answer (start-up, the filters' counts), and a page of rows is its largest part. */
export const SearchResultList = memo(function SearchResultList({ records, label }: { records: SearchResultRecord[]; label: string }) {
  return (
    <Box as="ul" aria-label={label} css={RESULT_LIST_STYLES}>
      {records.map((record) => (
        <SearchResultRow key={record.id} record={record} />
      ))}
    </Box>
  );
});
