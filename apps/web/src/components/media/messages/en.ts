/** Texts of the shared media viewers (components/media): lesson player and lecture screens. */
export const en = {
  'media.pdf.label': 'Document',
  'media.pdf.page': 'Page {{page}} of {{count}}',
  'media.pdf.loadFailed': 'The document could not be opened.',
  'media.pager.previous': 'Previous page',
  'media.pager.next': 'Next page',
  'media.pager.position': '{{current}} / {{count}}',
} as const;
