/**
 * Suggestions for the text of a search box: asked SUGGESTION_DEBOUNCE_MS after the last key,
 * each request numbered, and an answer that is not the newest request's is dropped (the older
 * request is also aborted), so a slow answer for "gen" never replaces the one for "genom".
 */
import { useEffect, useRef, useState } from 'react';
import { restGet } from '../../api/client.ts';
import { MIN_SUGGESTION_TEXT, SUGGESTION_DEBOUNCE_MS, type SuggestionsAnswer } from './suggestion-options.ts';

export interface SuggestionsState {
  /** The text the answer is for. */
  text: string;
  answer: SuggestionsAnswer | null;
}

export function useSuggestions(text: string, enabled: boolean): SuggestionsState {
  const [state, setState] = useState<SuggestionsState>({ text: '', answer: null });
  const sequence = useRef(0);
  const wanted = text.trim();

  useEffect(() => {
    sequence.current += 1;
    const mine = sequence.current;
    if (!enabled || wanted.length < MIN_SUGGESTION_TEXT) {
      setState({ text: wanted, answer: null });
      return undefined;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      restGet<SuggestionsAnswer>(`/search_suggestions?${new URLSearchParams({ q: wanted }).toString()}`, { signal: controller.signal }).then(
        (answer) => {
          if (mine === sequence.current) setState({ text: wanted, answer });
        },
        () => {
          // No suggestions is an acceptable answer: the search itself still works.
          if (mine === sequence.current && !controller.signal.aborted) setState({ text: wanted, answer: null });
        },
      );
    }, SUGGESTION_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, enabled]);

  return state;
}
