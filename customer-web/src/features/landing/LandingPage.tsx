import { useId, useState, type ChangeEvent, type FormEvent, type MouseEvent, type SyntheticEvent } from 'react';
// Kept light for a first visit (docs/performance.md#page-weight): the newsletter field is a plain <input> and its answer is
// shown in the page (no MUI input, no toast library); the testimonials' stars are icons, not a Rating control; the
// FAQ is the browser's own <details> disclosure (no Accordion, Collapse and transition code).
import { Avatar, Box, Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/Lock';
import PublicIcon from '@mui/icons-material/Public';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import SavingsIcon from '@mui/icons-material/Savings';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import StarIcon from '@mui/icons-material/Star';
import { Link as RouterLink } from 'react-router-dom';
import { EMAIL_RE } from '@strongroom/shared';
import { PublicHeader } from '../../components/public/PublicHeader';
import { BrandLogo } from '../../components/BrandLogo';
import { ProductRates } from './ProductRates';

const FEATURES = [
  { icon: <LockIcon />, title: 'Secure Transfers', text: 'Every payment is confirmed with a one-time code or your PIN, and checked by a double-entry ledger.' },
  { icon: <PublicIcon />, title: 'Multi-Currency Accounts', text: 'Hold USD, EUR, GBP, CAD or AUD and send in seven currencies at a rate shown before you confirm.' },
  { icon: <SupportAgentIcon />, title: '24/7 Support', text: 'Real people by chat, email or phone, day and night.' },
  { icon: <CreditCardIcon />, title: 'Instant Virtual Cards', text: 'Cards issued by the bank in seconds, frozen or unfrozen with a tap.' },
  { icon: <SavingsIcon />, title: 'Low Fees', text: 'Free transfers between Strongroom accounts; every other fee shown before you pay it.' },
  { icon: <FamilyRestroomIcon />, title: 'Family Accounts', text: 'Bank together with the people you care about, each with their own sign-in.' },
];
const STEPS = [
  { icon: <HowToRegIcon />, title: 'Sign Up', text: 'Tell us about yourself in four short steps. It takes about five minutes.' },
  { icon: <VerifiedUserIcon />, title: 'Verify Identity', text: 'Upload a photo of a valid ID and keep proof of address to hand; a person at the bank reviews every application.' },
  { icon: <RocketLaunchIcon />, title: 'Start Banking', text: 'Sign in with your account number and move money the moment you are approved.' },
];
const TESTIMONIALS = [
  { name: 'Amara Okoye', role: 'Small business owner', quote: 'Paying suppliers abroad used to take a week of phone calls. Now I see the fee and the rate before I send, and it just arrives.' },
  { name: 'Daniel Weber', role: 'Software engineer', quote: 'The transfer codes come from the bank, to my inbox, and they are tied to that exact payment. That is how security should feel.' },
  { name: 'Lucía Fernández', role: 'Nurse and mother of two', quote: 'Support answered at 2 a.m. when my card was lost. Frozen in a minute, new one the next day.' },
];
const FAQ = [
  { q: 'What do I need to open an account?', a: 'A valid government ID (passport photo) and proof of address. You apply online in four steps and we e-mail your account number straight away.' },
  { q: 'How long does approval take?', a: 'Most applications are reviewed within one business day. You can sign in meanwhile; moving money unlocks once you are approved.' },
  {
    q: 'How are my transfers protected?',
    a: 'Each payment is approved with a one-time code we e-mail you (bound to that amount and payee) and your 4-digit transaction PIN. We never ask you to pay for a code.',
  },
  {
    q: 'What does it cost?',
    a: 'Transfers between Strongroom accounts are free. Local transfers have a small flat fee; international transfers cost the higher of $15 or 1%. Every fee is shown before you confirm.',
  },
  { q: 'Do you offer loans?', a: 'Yes: personal, home, auto, student and business loans with rates from 2.99% and approval in as little as 24 hours.' },
];

function Section({ id, title, subtitle, children, muted = false }: { id: string; title: string; subtitle?: string; children: React.ReactNode; muted?: boolean }) {
  return (
    <Box id={id} component="section" sx={{ py: { xs: 7, md: 10 }, bgcolor: muted ? 'action.hover' : 'transparent', scrollMarginTop: 64 }}>
      <Container maxWidth="lg">
        <Typography variant="h4" component="h2" fontWeight={800} textAlign="center" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" textAlign="center" sx={{ maxWidth: 640, mx: 'auto', mb: 5 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Container>
    </Box>
  );
}

/** One question of the FAQ: a native disclosure (keyboard and screen readers know it) styled like the rest of the page. */
function FaqItem({ question, answer, open, onToggle }: { question: string; answer: string; open: boolean; onToggle(open: boolean): void }) {
  return (
    <Box
      component="details"
      open={open}
      // The browser's own toggle only reaches React later (a queued 'toggle' event), so a second click could open
      // another answer before React closed the first. The summary's click therefore decides, and the browser's
      // toggle is only adopted when something else opened the answer (find in page).
      onToggle={(e: SyntheticEvent<HTMLDetailsElement>) => {
        if (e.currentTarget.open !== open) onToggle(e.currentTarget.open);
      }}
      sx={{
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTopLeftRadius: 10, borderTopRightRadius: 10 },
        '&:last-of-type': { borderBottom: 0, borderBottomLeftRadius: 10, borderBottomRightRadius: 10 },
        boxShadow: 1,
      }}
    >
      <Box
        component="summary"
        onClick={(e: MouseEvent<HTMLElement>) => {
          e.preventDefault();
          onToggle(!open);
        }}
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          minHeight: 48,
          px: 2,
          py: 1.5,
          cursor: 'pointer',
          listStyle: 'none',
          '&::-webkit-details-marker': { display: 'none' },
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
          '& > svg': { transition: 'transform 150ms', color: 'action.active' },
          'details[open] > & > svg': { transform: 'rotate(180deg)' },
        }}
      >
        <Typography component="span" fontWeight={600}>
          {question}
        </Typography>
        <ExpandMoreIcon />
      </Box>
      <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
        {answer}
      </Typography>
    </Box>
  );
}

export default function LandingPage() {
  const [openFaq, setOpenFaq] = useState<number | false>(0);
  const [email, setEmail] = useState('');
  const [newsletter, setNewsletter] = useState<{ error: boolean; message: string } | null>(null);
  const newsletterMessageId = `${useId()}-newsletter-message`;

  const subscribe = (e: FormEvent) => {
    e.preventDefault();
    if (!EMAIL_RE.test(email.trim())) {
      setNewsletter({ error: true, message: 'Enter a valid email address' });
      return;
    }
    setEmail('');
    // No newsletter service yet: we say so rather than pretend to have stored the address.
    setNewsletter({ error: false, message: "Thanks! Our newsletter isn't live yet, so we haven't stored your address. We'll announce it on this page." });
  };

  return (
    <Box>
      <PublicHeader />
      <Box component="main">
        <Box id="home" component="section" sx={{ scrollMarginTop: 64, color: '#fff', background: 'linear-gradient(135deg, #0b3d91 0%, #072a66 60%, #0f9d76 140%)', py: { xs: 8, md: 14 } }}>
          <Container maxWidth="lg">
            <Grid container spacing={6} alignItems="center">
              <Grid size={{ xs: 12, md: 7 }}>
                <Typography variant="h2" component="h1" fontWeight={800} sx={{ fontSize: { xs: '2.3rem', md: '3.4rem' }, lineHeight: 1.1 }}>
                  Banking that keeps your money safe, and your time free.
                </Typography>
                <Typography sx={{ mt: 3, opacity: 0.9, fontSize: '1.15rem', maxWidth: 560 }}>
                  Open an account online, send money at home and abroad with fees shown up front, and reach a real person 24/7.
                </Typography>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4 }}>
                  <Button component={RouterLink} to="/auth/terms" size="large" variant="contained" color="secondary">
                    Open Account
                  </Button>
                  <Button href="#about" size="large" variant="outlined" sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.6)' }}>
                    Learn More
                  </Button>
                </Stack>
              </Grid>
              <Grid size={{ xs: 12, md: 5 }}>
                <Stack direction="row" spacing={2} justifyContent="center" flexWrap="wrap" useFlexGap>
                  {[
                    ['99%', 'customer satisfaction'],
                    ['50+', 'countries our customers come from'],
                    ['24/7', 'support by chat, email or phone'],
                  ].map(([figure, label]) => (
                    <Card key={figure} sx={{ bgcolor: 'rgba(255,255,255,0.12)', color: '#fff', minWidth: 140, flex: '1 1 140px' }} elevation={0}>
                      <CardContent>
                        <Typography variant="h4" component="p" fontWeight={800}>
                          {figure}
                        </Typography>
                        <Typography variant="body2" sx={{ opacity: 0.85 }}>
                          {label}
                        </Typography>
                      </CardContent>
                    </Card>
                  ))}
                </Stack>
              </Grid>
            </Grid>
          </Container>
        </Box>

        <Section id="about" title="About Strongroom" subtitle="A bank built around one promise: your money is never lost, never invented and never shown wrong.">
          <Grid container spacing={4}>
            {[
              ['Real bank engineering', 'Every movement is a balanced double-entry journal, checked by the database itself. Balances can never go negative by mistake.'],
              ['Honest by design', 'No hidden fees and no codes to buy. The fee, the rate and the total are on screen before you confirm.'],
              ['Customers in over 50 countries', 'Open an account from wherever you live with a valid ID and proof of address, and bank in five currencies.'],
            ].map(([title, text]) => (
              <Grid key={title} size={{ xs: 12, md: 4 }}>
                <Typography variant="h6" component="h3" fontWeight={700} gutterBottom>
                  {title}
                </Typography>
                <Typography color="text.secondary">{text}</Typography>
              </Grid>
            ))}
          </Grid>
        </Section>

        <Section id="services" title="Everything your money needs" subtitle="Accounts, transfers, cards and loans, with the security a bank owes you." muted>
          <Grid container spacing={3}>
            {FEATURES.map((f) => (
              <Grid key={f.title} size={{ xs: 12, sm: 6, md: 4 }}>
                <Card sx={{ height: '100%' }} variant="outlined">
                  <CardContent>
                    <Avatar sx={{ bgcolor: 'primary.main', mb: 2 }}>{f.icon}</Avatar>
                    <Typography variant="h6" component="h3" fontWeight={700} gutterBottom>
                      {f.title}
                    </Typography>
                    <Typography color="text.secondary">{f.text}</Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
          <ProductRates />
          <Card sx={{ mt: 4, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            <CardContent sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 2, alignItems: { md: 'center' } }}>
              <Box sx={{ flex: 1 }}>
                <Typography variant="h6" component="h3" fontWeight={700}>
                  Loans with approval in as little as 24 hours
                </Typography>
                <Typography sx={{ opacity: 0.9 }}>Personal, home, auto, student and business loans, with rates from 2.99%.</Typography>
              </Box>
              <Button component={RouterLink} to="/auth/terms" variant="contained" color="secondary">
                Apply with an account
              </Button>
            </CardContent>
          </Card>
        </Section>

        <Section id="how-it-works" title="How It Works" subtitle="Three steps from here to your first transfer.">
          <Grid container spacing={3}>
            {STEPS.map((s, i) => (
              <Grid key={s.title} size={{ xs: 12, md: 4 }}>
                <Stack spacing={1.5} alignItems="center" textAlign="center">
                  <Avatar sx={{ bgcolor: 'secondary.main', width: 56, height: 56 }}>{s.icon}</Avatar>
                  <Typography variant="overline" color="text.secondary">
                    Step {i + 1}
                  </Typography>
                  <Typography variant="h6" component="h3" fontWeight={700}>
                    {s.title}
                  </Typography>
                  <Typography color="text.secondary">{s.text}</Typography>
                </Stack>
              </Grid>
            ))}
          </Grid>
        </Section>

        <Section id="testimonials" title="What our customers say" subtitle="99% of our customers say they are satisfied. Here are three of them, in their own words." muted>
          <Grid container spacing={3}>
            {TESTIMONIALS.map((t) => (
              <Grid key={t.name} size={{ xs: 12, md: 4 }}>
                <Card sx={{ height: '100%' }} data-testid="testimonial">
                  <CardContent>
                    <Box role="img" aria-label="Rated 5 out of 5" sx={{ display: 'flex', color: '#faaf00' }}>
                      {[1, 2, 3, 4, 5].map((star) => (
                        <StarIcon key={star} fontSize="small" />
                      ))}
                    </Box>
                    <Typography sx={{ my: 2 }}>“{t.quote}”</Typography>
                    <Typography fontWeight={700}>{t.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t.role}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Section>

        <Box sx={{ py: 8 }}>
          <Container maxWidth="md">
            <Card sx={{ background: 'linear-gradient(120deg, #0b7a5c, #0b3d91)', color: '#fff', textAlign: 'center', p: { xs: 3, md: 5 } }} data-testid="cta-banner">
              <Typography variant="h4" component="h2" fontWeight={800} gutterBottom>
                Ready to bank with confidence?
              </Typography>
              <Typography sx={{ opacity: 0.9, mb: 3 }}>Opening an account takes about five minutes. You need a valid ID and proof of address.</Typography>
              <Button component={RouterLink} to="/auth/terms" variant="contained" size="large" sx={{ bgcolor: '#fff', color: '#0b3d91', '&:hover': { bgcolor: 'rgba(255,255,255,0.9)' } }}>
                Open Account
              </Button>
            </Card>
          </Container>
        </Box>

        <Section id="faq" title="Frequently asked questions" subtitle="Can't find your answer? Our team is here 24/7 by chat, email or phone.">
          <Box sx={{ maxWidth: 800, mx: 'auto' }}>
            {FAQ.map((f, i) => (
              <FaqItem key={f.q} question={f.q} answer={f.a} open={openFaq === i} onToggle={(open) => setOpenFaq((current) => (open ? i : current === i ? false : current))} />
            ))}
          </Box>
        </Section>
      </Box>

      <Box id="contact" component="footer" sx={{ bgcolor: '#0a1f44', color: 'rgba(255,255,255,0.85)', py: 7, scrollMarginTop: 64 }}>
        <Container maxWidth="lg">
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 4 }}>
              <BrandLogo light />
              <Typography fontWeight={700} color="#fff" sx={{ mt: 2 }}>
                Contact
              </Typography>
              <Typography component="address" sx={{ fontStyle: 'normal', mt: 0.5 }}>
                Strongroom Bank
                <br />
                100 Harbor Street, Suite 400
                <br />
                San Francisco, CA 94105
              </Typography>
              <Typography sx={{ mt: 1 }}>Support 24/7 by chat, email or phone.</Typography>
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Typography fontWeight={700} color="#fff" gutterBottom>
                Quick Links
              </Typography>
              <Stack spacing={0.5}>
                {[
                  ['Home', '#home'],
                  ['About Us', '#about'],
                  ['Services', '#services'],
                  ['Contact', '#contact'],
                ].map(([label, href]) => (
                  <Box key={label} component="a" href={href} sx={{ color: 'inherit', textDecoration: 'none', '&:hover': { textDecoration: 'underline' } }}>
                    {label}
                  </Box>
                ))}
              </Stack>
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <Typography fontWeight={700} color="#fff" gutterBottom>
                Services
              </Typography>
              <Stack spacing={0.5}>
                {['Savings', 'Loans', 'Investments'].map((s) => (
                  <Typography key={s}>{s}</Typography>
                ))}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <Typography fontWeight={700} color="#fff" gutterBottom>
                Newsletter
              </Typography>
              <Box component="form" onSubmit={subscribe} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Box
                  component="input"
                  type="email"
                  placeholder="you@example.com"
                  aria-label="Email address"
                  aria-invalid={newsletter?.error || undefined}
                  aria-describedby={newsletter ? newsletterMessageId : undefined}
                  value={email}
                  onChange={(e: ChangeEvent<HTMLInputElement>) => setEmail(e.target.value)}
                  sx={{
                    flex: 1,
                    minWidth: 0,
                    height: 40,
                    px: 1.75,
                    font: 'inherit',
                    color: '#1a1a1a',
                    bgcolor: '#fff',
                    border: 2,
                    borderColor: newsletter?.error ? '#ffb4ab' : 'transparent',
                    borderRadius: 1,
                    '&::placeholder': { color: '#6b6b6b', opacity: 1 },
                    '&:focus-visible': { outline: '3px solid #7aa7ff', outlineOffset: 1 },
                  }}
                />
                <Button type="submit" variant="contained" color="secondary">
                  Subscribe
                </Button>
              </Box>
              {/* Read out when it changes; light colours that reach 4.5:1 on the navy footer. */}
              <Typography id={newsletterMessageId} role="status" variant="body2" sx={{ mt: 1, color: newsletter?.error ? '#ffb4ab' : '#fff' }}>
                {newsletter?.message}
              </Typography>
            </Grid>
          </Grid>
          <Typography variant="body2" sx={{ mt: 5, opacity: 0.8 }}>
            © {new Date().getFullYear()} Strongroom Bank. Open-source banking software.
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}
