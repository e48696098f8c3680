export const en = {
  'agreements.title': 'Agreement',
  'agreements.notFound': 'The school has not published this document.',
} as const;
