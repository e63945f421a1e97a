import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { relationsSchema } from './record-sections.ts';

describe('relationsSchema', () => {
  it('refuses a null relation as invalid input, never by throwing a TypeError', async () => {
    await expect(relationsSchema.validate({ record_associations_attributes: [null] }, { abortEarly: false })).rejects.toBeInstanceOf(ValidationError);
    await expect(relationsSchema.validate({ record_associations_attributes: [{ linked_record_id: 2, record_assoc_label_id: 1 }, null] })).rejects.toBeInstanceOf(ValidationError);
  });
});
