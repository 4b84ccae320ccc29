import { Box, Typography } from '@mui/material';
import ShieldIcon from '@mui/icons-material/Shield';

export function BrandLogo({ light = false }: { light?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <ShieldIcon sx={{ color: light ? '#fff' : 'primary.main' }} />
      <Typography variant="h6" component="span" fontWeight={800} sx={{ color: light ? '#fff' : 'text.primary', letterSpacing: -0.3 }}>
        Strongroom
      </Typography>
    </Box>
  );
}
