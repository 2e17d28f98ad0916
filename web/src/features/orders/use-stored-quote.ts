import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../components/toast';
import { fetchStoredQuote } from './orders-client';
import { quoteLoadPlan, readSessionQuote, sessionQuoteFromDto, writeSessionQuote, type SessionQuote } from './stored-quote-model';

export type StoredQuoteState = { status: 'loading' } | { status: 'ready'; quote: SessionQuote };

function safeRead(): SessionQuote | null {
  try {
    return readSessionQuote();
  } catch {
    return null;
  }
}

function safeWrite(quote: SessionQuote) {
  try {
    writeSessionQuote(quote);
  } catch {
    // Session storage blocked: the page still works for this visit.
  }
}

/**
 * The quote of /quote and /complete-quote (staff spec 2.1): ?quote_id=&key= is read from the server
 * and kept in session storage; otherwise the session's quote. No quote: home; a quote_id that
 * cannot be loaded: 'Quote Not Found', then home.
 */
export function useStoredQuote(): [StoredQuoteState, (quote: SessionQuote) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const quoteId = params.get('quote_id');
  const key = params.get('key');
  const [state, setState] = useState<StoredQuoteState>({ status: 'loading' });

  useEffect(() => {
    const stored = safeRead();
    const plan = quoteLoadPlan(quoteId, key, stored);
    const notFound = () => {
      toast({ title: 'Quote Not Found', description: 'Please generate a new quote through the measurement tool.', variant: 'destructive' });
      navigate('/', { replace: true });
    };
    if (plan.kind === 'home') {
      navigate('/', { replace: true });
      return;
    }
    if (plan.kind === 'not-found') return notFound();
    if (plan.kind === 'stored') {
      setState({ status: 'ready', quote: plan.quote });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading' });
    fetchStoredQuote(plan.quoteId, plan.key)
      .then((dto) => {
        if (cancelled) return;
        if (!dto) return notFound();
        const quote = sessionQuoteFromDto(dto, plan.key, stored);
        safeWrite(quote);
        setState({ status: 'ready', quote });
      })
      .catch(() => {
        if (cancelled) return;
        // Offline: the copy in this tab of the same quote still serves.
        if (stored?.quote_id === plan.quoteId) setState({ status: 'ready', quote: stored });
        else notFound();
      });
    return () => {
      cancelled = true;
    };
  }, [quoteId, key, navigate]);

  const update = useCallback((quote: SessionQuote) => {
    safeWrite(quote);
    setState({ status: 'ready', quote });
  }, []);

  return [state, update];
}
