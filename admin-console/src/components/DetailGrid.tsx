import type { ReactElement, ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Labeled } from 'react-admin';

/** A titled card laying its fields out in a responsive grid of labelled cells (show pages). */
export function DetailSection({ title, children, columns = 3 }: { title: string; children: ReactNode; columns?: number }) {
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" fontWeight={700} gutterBottom>
          {title}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: `repeat(${columns}, minmax(0, 1fr))` } }}>{children}</Box>
      </CardContent>
    </Card>
  );
}

/** One labelled value inside a DetailSection; `wide` spans the whole row. */
export function Detail({ label, children, wide = false }: { label: string; children: ReactElement; wide?: boolean }) {
  return (
    <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0, overflowWrap: 'anywhere' }}>
      <Labeled label={label}>{children}</Labeled>
    </Box>
  );
}
