/** A user's profile fields as a definition list (SPEC §3 User); empty fields say so. */
import { DataList, Link, Text } from '@chakra-ui/react';
import type { UserProfile } from './account-api.ts';

function external(url: string, label = url) {
  return (
    <Link href={url} target="_blank" rel="noopener" color="brand.700" wordBreak="break-all">
      {label}
    </Link>
  );
}

export function PersonalInformation({ user }: { user: UserProfile }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const rows: Array<[string, React.ReactNode]> = [
    ['Username', user.username],
    ['Name', name || null],
    ...(user.email !== undefined ? [['Email', user.email] as [string, React.ReactNode]] : []),
    ['Homepage', user.homepage ? external(user.homepage) : null],
    ['ORCID', user.orcid ? external(`https://orcid.org/${user.orcid}`, user.orcid) : null],
    ['Twitter', user.twitter],
    ['Mastodon', user.mastodon],
    ['Bluesky', user.bluesky],
    ['Organisations', user.organisations.length ? user.organisations.map((o) => o.name).join(', ') : null],
    ['Awards', user.awards?.length ? user.awards.join(', ') : null],
    ['Role', user.role?.replace(/_/g, ' ')],
  ];
  return (
    <DataList.Root orientation="horizontal" size="md" data-testid="personal-information">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="32">{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value || <Text color="gray.600">Not given</Text>}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
