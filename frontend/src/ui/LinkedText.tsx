import { Link } from '@mui/material';
import { textWithLinks } from './textWithLinks.ts';

/**
 * Text with the web addresses in it as links that open in a new tab (a LinkedIn visit task's profile
 * address, a page a note points to). A click on one does not reach the row around it.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {textWithLinks(text).map((piece, index) =>
        piece.href ? (
          <Link key={index} href={piece.href} target="_blank" rel="noopener noreferrer" onClick={(event) => event.stopPropagation()}>
            {piece.text}
          </Link>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
