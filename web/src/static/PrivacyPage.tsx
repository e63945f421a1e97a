import { ContentPage } from '../shell/ContentPage.tsx';

/** /privacy: what personal data the site keeps and why. */
export function PrivacyPage() {
  return (
    <ContentPage
      title="Privacy"
      intro="We keep as little personal data as the service needs, and never sell it."
      sections={[
        {
          heading: 'Visitors',
          body: (
            <p>
              Browsing and searching need no account and set no tracking cookies. The server keeps technical logs (address,
              page, time) for security and counts anonymous page views per record.
            </p>
          ),
        },
        {
          heading: 'Account holders',
          body: (
            <ul>
              <li>We store your username, e-mail address, name and the optional profile fields you fill in.</li>
              <li>Your edits are recorded with your username, so curators and maintainers can see who changed what.</li>
              <li>Your public profile shows only what you choose to make public; your e-mail address is never shown.</li>
              <li>The browser keeps your login in local storage until it expires or you log out.</li>
            </ul>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You can update your profile at any time, and ask for your account to be deleted; your past contributions then
              remain attributed to a deactivated account. Contact the curation team for any request about your data.
            </p>
          ),
        },
      ]}
    />
  );
}
