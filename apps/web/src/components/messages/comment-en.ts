/**
 * The rating form's texts (components/catalogue/comment-form.tsx, your-comment.tsx), the bundle
 * `comment`: loaded with the screens and tabs that rate, not with every form (the login's and the
 * sign-up's among them, which fit their 120 KB only without them, issue 28).
 */
export const en = {
  'ui.comment.yours': 'Your rating',
  'ui.comment.edit': 'Edit',
  'ui.comment.delete': 'Delete',
  'ui.comment.editTitle': 'Edit your rating',
  'ui.comment.save': 'Save',
  'ui.comment.saving': 'Saving…',
  'ui.comment.saved': 'Your rating is updated',
  'ui.comment.cancel': 'Cancel',
  'ui.comment.deleteTitle': 'Delete your rating?',
  'ui.comment.deleteContent': 'Your stars and comment are removed. You can rate again later.',
  'ui.comment.deleted': 'Your rating is deleted',
} as const;
