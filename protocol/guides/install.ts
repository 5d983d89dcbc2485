/** The install prompt's texts (ours), apart from guides.ts so the app's start bundle carries only these. */
export const InstallTexts = {
  ios: 'On iPhone or iPad: tap the Share button, then "Add to Home Screen".',
  manual: "Open your browser's menu and choose Install app (or Add to Home Screen).",
  appDownload: 'Get the app',
} as const;
