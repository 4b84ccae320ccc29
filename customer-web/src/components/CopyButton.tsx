import { useEffect, useState } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useSnackbar } from 'notistack';

/**
 * Copies `text` to the clipboard and says so; a tick shows for 2 seconds after a copy. An icon button by default
 * (its name is `label`), a text button with `children`.
 */
export function CopyButton({ text, label, copied: copiedMessage = 'Copied to clipboard', children }: { text: string; label: string; copied?: string; children?: React.ReactNode }) {
  const { enqueueSnackbar } = useSnackbar();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      enqueueSnackbar(copiedMessage, { variant: 'success' });
    } catch {
      enqueueSnackbar('Could not copy: please select the text and copy it', { variant: 'error' });
    }
  };
  const icon = copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />;
  if (children) {
    return (
      <Button variant="outlined" size="small" startIcon={icon} onClick={() => void copy()} aria-label={label}>
        {children}
      </Button>
    );
  }
  return (
    <Tooltip title={copied ? 'Copied' : label}>
      <IconButton onClick={() => void copy()} aria-label={label} size="small">
        {icon}
      </IconButton>
    </Tooltip>
  );
}
