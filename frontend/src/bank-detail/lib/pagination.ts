/** Server-side paging of the detail lists: locations and deposits 20 rows a page, corporate history 15. */
export const listPageSize = 20;
export const historyPageSize = 15;
