/** Yup rules of the dialog: every rule needs a filter and a value; something must be searched. */
import { array, mixed, object, string } from 'yup';
import type { AdvancedSearchFormValues } from './advanced-search-form.ts';

const ruleSchema = object({
  identifier: string().required('Choose a filter'),
  value: mixed<string[] | boolean>().test(
    'filled',
    'Add a value',
    (value) => typeof value === 'boolean' || (Array.isArray(value) && value.some((item) => String(item).trim() !== '')),
  ),
});

export const advancedSearchSchema = object({
  q: string().test('something-to-search', 'Add search text or a rule', function hasSomething(q) {
    const { groups } = this.parent as AdvancedSearchFormValues;
    return (q ?? '').trim() !== '' || groups.some((group) => group.rules.length > 0);
  }),
  operator: string().oneOf(['_and', '_or']),
  groups: array().of(object({ operator: string().oneOf(['_and', '_or']), rules: array().of(ruleSchema) })),
});
