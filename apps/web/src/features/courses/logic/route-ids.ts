/** A numeric id from the address (`/notes/12`): a whole number above 0 within PostgreSQL's integer, else null. */
export function positiveId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
