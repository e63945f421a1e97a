/**
 * FAIRsharing's web client asks two JSON fields with an empty selection set (`{needsReview{}}`,
 * `{curatorSummaryStatistics{}}`: its query builder writes `{}` for a field listed with no
 * subfields), which FAIRsharing's server runs as the bare field. An empty selection set is a
 * syntax error in GraphQL, so the text is rewritten once, before anything parses it (the
 * transport's preValidation hook), with each `{}` that follows a field taken as no selection. The
 * rewritten document then goes through every rule as any other: a field that needs subfields is
 * refused by validation, and the cost, depth and access rules see the same fields.
 */
import { graphqlRuntime } from '../kernel/graphql-runtime.ts';

const { Lexer, Source, TokenKind } = graphqlRuntime;

/** Tokens a field's selection set may follow: its name or alias, or its arguments' `)`. */
const ENDS_A_FIELD = new Set<string>([TokenKind.NAME, TokenKind.PAREN_R]);

/**
 * The text with every empty selection set after a field removed; any other text as it is (one
 * the lexer cannot read is left for the parser to refuse). Strings and comments are never touched.
 */
export function withoutEmptySelections(text: string): string {
  if (!/\{\s*\}/.test(text)) return text;
  const lexer = new Lexer(new Source(text));
  const cuts: [number, number][] = [];
  try {
    let previous = lexer.token;
    let token = lexer.advance();
    while (token.kind !== TokenKind.EOF) {
      const next = lexer.lookahead();
      if (token.kind === TokenKind.BRACE_L && next.kind === TokenKind.BRACE_R && ENDS_A_FIELD.has(previous.kind)) {
        cuts.push([token.start, next.end]);
        lexer.advance();
        token = lexer.advance();
        continue;
      }
      previous = token;
      token = lexer.advance();
    }
  } catch {
    return text;
  }
  let rewritten = text;
  for (const [start, end] of cuts.reverse()) rewritten = `${rewritten.slice(0, start)}${rewritten.slice(end)}`;
  return rewritten;
}
