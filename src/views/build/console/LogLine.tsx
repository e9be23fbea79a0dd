import { memo } from 'react';
import { formatLineTime, lineSpans } from '../../../logs';
import { styled } from '../../ui';

// One console line: number, text with ANSI colours as React elements (server text is never
// injected as HTML), and the seconds since the step started. Long lines wrap.
const Row = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'var(--log-number-width, 4ch) minmax(0, 1fr) max-content',
  columnGap: '$3',
  padding: '0 $3',
  fontFamily: '$mono',
  fontSize: '13px',
  lineHeight: '20px',
  color: '$logText',
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.05)' },
});

const Number = styled('span', {
  color: '$logMuted',
  textAlign: 'right',
  userSelect: 'none',
});

const Text = styled('span', {
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  minWidth: 0,
});

const Time = styled('span', {
  color: '$logMuted',
  userSelect: 'none',
  fontSize: '12px',
});

export const LogLine = memo(function LogLine({
  pos,
  out,
  time,
}: {
  pos: number;
  out: string;
  time: number;
}) {
  const spans = lineSpans(out);
  return (
    <Row data-pos={pos}>
      <Number>{pos + 1}</Number>
      <Text>
        {spans.map((span, index) =>
          span.style ? (
            <span key={index} style={span.style} className={span.classes?.join(' ')}>
              {span.text}
            </span>
          ) : (
            span.text
          ),
        )}
      </Text>
      <Time>{formatLineTime(time)}</Time>
    </Row>
  );
});
