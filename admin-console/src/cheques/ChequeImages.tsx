import { useState } from 'react';
import { Box, ButtonBase, Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useRecordContext } from 'react-admin';
import type { ChequeRecord } from './cheque-record';
import { apiUrl } from '@strongroom/shared';

/** Front and back side by side; a click opens the side large for reading the amount, signature and endorsement. */
export function ChequeImages() {
  const record = useRecordContext<ChequeRecord>();
  const [open, setOpen] = useState<'Front' | 'Back' | null>(null);
  if (!record) return null;
  const sides = [
    { label: 'Front' as const, src: apiUrl(record.frontImage) },
    { label: 'Back' as const, src: apiUrl(record.backImage) },
  ];
  const shown = sides.find((s) => s.label === open);
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {sides.map((side) => (
          <Box key={side.label} sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {side.label}
            </Typography>
            <ButtonBase
              onClick={() => setOpen(side.label)}
              aria-label={`Enlarge the ${side.label.toLowerCase()} of the cheque`}
              sx={{ width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover', cursor: 'zoom-in' }}
            >
              <Box component="img" src={side.src} alt={`${side.label} of cheque ${record.chequeNumber}`} sx={{ width: '100%', maxHeight: 260, objectFit: 'contain', display: 'block' }} />
            </ButtonBase>
          </Box>
        ))}
      </Box>
      <Dialog open={!!shown} onClose={() => setOpen(null)} maxWidth="xl" fullWidth>
        <DialogTitle sx={{ pr: 6 }}>
          {shown?.label} of cheque no. {record.chequeNumber}
          <IconButton aria-label="Close" onClick={() => setOpen(null)} sx={{ position: 'absolute', right: 8, top: 8 }}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent sx={{ overflow: 'auto' }}>
          {shown && (
            <Box
              component="img"
              src={shown.src}
              alt={`${shown.label} of cheque ${record.chequeNumber}, enlarged`}
              sx={{ display: 'block', minWidth: '100%', maxWidth: 'none', imageRendering: 'auto' }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
