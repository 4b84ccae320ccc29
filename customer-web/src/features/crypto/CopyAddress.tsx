import { useEffect, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import CheckIcon from '@mui/icons-material/Check';
import { useSnackbar } from 'notistack';

/** Copies an address; the icon shows a tick for 2 seconds after a copy. */
export function CopyAddress({ address, label = 'Copy address' }: { address: string; label?: string }) {
  const { enqueueSnackbar } = useSnackbar();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
      enqueueSnackbar('Address copied to clipboard', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to copy address', { variant: 'error' });
    }
  };
  return (
    <Tooltip title={copied ? 'Copied' : label}>
      <IconButton onClick={() => void copy()} aria-label={label} size="small">
        {copied ? <CheckIcon fontSize="small" color="success" /> : <ContentCopyIcon fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}
