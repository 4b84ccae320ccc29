import { useEffect, useId, useState } from 'react';
import { Box, Button, Card, CardContent, FormHelperText, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { chequeImageProblem } from './chequeImage';

interface Props {
  side: 'front' | 'back';
  file: File | null;
  error: string | null;
  onPick(file: File | null, problem: string | null): void;
}

/** One side of the cheque: pick a photo, see it, replace it. A file that is not a JPG, PNG or WEBP under 5 MB is refused here. */
export function ChequeImagePicker({ side, file, error, onPick }: Props) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const label = side === 'front' ? 'Front of cheque' : 'Back of cheque';

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const problem = await chequeImageProblem(picked);
    onPick(problem ? null : picked, problem);
  };

  return (
    <Card variant="outlined" sx={{ height: '100%', borderColor: error ? 'error.main' : undefined }} data-testid={`cheque-${side}`}>
      <CardContent>
        <Typography fontWeight={700} gutterBottom>
          {label}
        </Typography>
        <Box
          sx={{
            border: '2px dashed',
            borderColor: 'divider',
            borderRadius: 2,
            minHeight: 150,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {preview ? (
            <Box component="img" src={preview} alt={`${label} preview`} sx={{ maxWidth: '100%', maxHeight: 220, objectFit: 'contain' }} />
          ) : (
            <Box sx={{ textAlign: 'center', p: 2, color: 'text.secondary' }}>
              <AddPhotoAlternateIcon sx={{ fontSize: 40 }} />
              <Typography variant="body2">JPG, PNG or WEBP, up to 5 MB</Typography>
            </Box>
          )}
        </Box>
        <input
          id={inputId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hidden
          aria-label={`Upload ${label.toLowerCase()}`}
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Button component="label" htmlFor={inputId} variant="outlined" sx={{ mt: 1.5 }} fullWidth>
          {file ? `Replace ${side} image` : `Choose ${side} image`}
        </Button>
        {file && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        )}
        {error && (
          <FormHelperText error role="alert">
            {error}
          </FormHelperText>
        )}
      </CardContent>
    </Card>
  );
}
