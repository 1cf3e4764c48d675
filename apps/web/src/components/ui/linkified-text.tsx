import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

interface Segment {
  offset: number;
  text: string;
  isLink: boolean;
}

/** Splits text into plain parts and links, each keyed by where it starts. */
export function segments(text: string): Segment[] {
  const result: Segment[] = [];
  let offset = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > offset) result.push({ offset, text: text.slice(offset, start), isLink: false });
    result.push({ offset: start, text: match[0], isLink: true });
    offset = start + match[0].length;
  }
  if (offset < text.length) result.push({ offset, text: text.slice(offset), isLink: false });
  return result;
}

/** Plain text (a mail body) with its links clickable; line breaks kept. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {segments(text).map((part) =>
        part.isLink ? (
          <Anchor key={part.offset} href={part.text} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={part.offset}>{part.text}</Fragment>
        ),
      )}
    </Text>
  );
}
