import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link as RouterLink } from 'react-router-dom';

/** Honest placeholder for products that are not open yet (cheques, crypto, cards, loans). */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <Card>
      <CardContent sx={{ textAlign: 'center', py: 8 }}>
        <ConstructionIcon color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h4" fontWeight={800} sx={{ mt: 2 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          Coming soon to your account. We will let you know by e-mail when it opens.
        </Typography>
        <Box>
          <Button component={RouterLink} to="/dashboard" variant="contained">
            Back to dashboard
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
