import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';

interface DocumentPhotoFieldProps {
  /** The form field (and the file input's name). */
  name: string;
  file: File | null;
  onPick: (file: File | null) => void;
  /** The button before a file is picked ('Upload passport photograph'), and after ('Change passport photo'). */
  uploadLabel: string;
  changeLabel: string;
  previewAlt: string;
  /** What to photograph, told beside the button until a file is picked. */
  hint: string;
  /** A proof of address may be the PDF the letter came as (docs/decisions/0049); a passport is a photo. */
  pdfAllowed?: boolean;
  error?: string;
}

/**
 * A photo of a document the application needs (or, where allowed, its PDF), picked from the device: a small preview
 * (a PDF's icon) and the file's name once picked, what the bank accepts until then, and the field's message under it.
 * The preview's object URL is let go with the file.
 */
export function DocumentPhotoField({ name, file, onPick, uploadLabel, changeLabel, previewAlt, hint, pdfAllowed = false, error }: DocumentPhotoFieldProps) {
  const [previewFailed, setPreviewFailed] = useState(false);
  const isPdf = pdfAllowed && file?.type === 'application/pdf';
  const previewUrl = useMemo(() => (file && !isPdf ? URL.createObjectURL(file) : null), [file, isPdf]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'center' }} sx={{ minHeight: 56 }}>
        <Button variant="outlined" component="label" sx={{ flexShrink: 0 }}>
          {file ? changeLabel : uploadLabel}
          <input
            hidden
            type="file"
            name={name}
            accept={pdfAllowed ? 'image/png,image/jpeg,application/pdf' : 'image/png,image/jpeg'}
            onChange={(e) => {
              setPreviewFailed(false);
              onPick(e.target.files?.[0] ?? null);
            }}
          />
        </Button>
        {file && isPdf && (
          <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
            <PictureAsPdfIcon color="error" sx={{ fontSize: 40 }} titleAccess={previewAlt} />
            <Typography variant="body2" noWrap>
              {file.name}
            </Typography>
          </Stack>
        )}
        {file && previewUrl && (
          <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
            <Box
              component="img"
              src={previewUrl}
              alt={previewAlt}
              onError={() => setPreviewFailed(true)}
              sx={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: previewFailed ? 'none' : 'block' }}
            />
            <Typography variant="body2" noWrap>
              {file.name}
            </Typography>
          </Stack>
        )}
        {(!file || previewFailed) && (
          <Typography variant="body2" color={previewFailed ? 'warning.main' : 'text.secondary'}>
            {previewFailed ? `This file cannot be shown as a photo. Please choose a JPG or PNG image${pdfAllowed ? ', or a PDF' : ''}.` : hint}
          </Typography>
        )}
      </Stack>
      {error && (
        <Typography color="error" variant="caption" role="alert" sx={{ display: 'block', mx: 1.75, mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </>
  );
}
