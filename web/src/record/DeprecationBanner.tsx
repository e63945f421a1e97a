/** The banner at the top of a deprecated record's page: reason and replacement when known. */
import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { deprecationNotice } from './deprecation.ts';
import type { RegistryRecord } from './record-types.ts';

export function DeprecationBanner({ record }: { record: RegistryRecord }) {
  const notice = deprecationNotice(record);
  if (!notice) return null;
  return (
    <Alert.Root status="warning" mt="4" data-testid="deprecation-banner">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>This record is deprecated</Alert.Title>
        <Alert.Description>
          {notice.reason ? `${notice.reason} ` : 'It is kept for historical purposes. '}
          {notice.replacements.length ? (
            <>
              Replaced by{' '}
              {notice.replacements.map((replacement, index) => (
                <span key={replacement.id}>
                  {index > 0 ? ', ' : ''}
                  <Link asChild color="blue.700" textDecoration="underline">
                    <RouterLink to={`/${replacement.id}`}>
                      {replacement.name}
                      {replacement.abbreviation ? ` (${replacement.abbreviation})` : ''}
                    </RouterLink>
                  </Link>
                </span>
              ))}
              .
            </>
          ) : null}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
