import { useState } from 'react';
import { Alert, Box, Button, Card, CardActionArea, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import NewsIcon from '@mui/icons-material/Newspaper';
import { aiApi, providerNames, type NewsArticle, type ProviderName } from '../../ai/api.ts';
import { Markdown } from '../../ui/Markdown.tsx';
import { PanelTitle } from '../components/Section.tsx';
import type { BankDetailData } from '../useBankDetailData.ts';

/** Latest News: a model searches the web for the bank; article cards open the article in a new tab. */
export function NewsPanel({ data }: { data: BankDetailData }) {
  const [news, setNews] = useState<{ summary: string; articles: NewsArticle[]; provider: ProviderName } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fetchNews = async () => {
    setLoading(true);
    setError(null);
    try {
      setNews(await aiApi.bankNews(data.bank.name));
    } catch {
      setError('An error occurred while fetching news. Please try again.');
    } finally {
      setLoading(false);
    }
  };
  return (
    <Box data-testid="news-panel">
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 2 }}>
        <PanelTitle>Latest News</PanelTitle>
        <Button variant="outlined" startIcon={loading ? <CircularProgress size={16} /> : <NewsIcon />} disabled={loading} onClick={fetchNews}>
          Fetch Latest News
        </Button>
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {news && (
        <>
          {news.summary && (
            <Box sx={{ mb: 2 }}>
              <Markdown text={news.summary} testId="news-summary" />
              <Typography variant="caption" color="text.secondary">
                From {providerNames[news.provider] ?? news.provider}
              </Typography>
            </Box>
          )}
          {news.articles.length === 0 ? (
            <Typography color="text.secondary">No recent news articles could be found for this bank.</Typography>
          ) : (
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
              {news.articles.map((article) => (
                <Card key={article.uri} variant="outlined">
                  <CardActionArea component="a" href={article.uri} target="_blank" rel="noopener noreferrer" sx={{ height: '100%' }}>
                    <CardContent>
                      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                        {article.title}
                      </Typography>
                      {article.source && (
                        <Typography variant="caption" color="text.secondary">
                          {article.source}
                        </Typography>
                      )}
                      {article.snippet && (
                        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                          {article.snippet}
                        </Typography>
                      )}
                    </CardContent>
                  </CardActionArea>
                </Card>
              ))}
            </Box>
          )}
        </>
      )}
      {!news && !error && !loading && <Typography color="text.secondary">Fetch the latest news about {data.bank.name}, found and summarised by the AI service.</Typography>}
    </Box>
  );
}
