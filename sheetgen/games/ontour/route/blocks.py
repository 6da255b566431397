"""The block-cut tree bound: how far a simple path can go through a component.

A route's part in a component of equal numbers and stars is a simple path from the
current node. Such a path runs down one chain of the component's block-cut tree (its
biconnected blocks, joined at cut vertices): it enters each block at a cut vertex and
leaves it by another, and never comes back. So it scores at most the blocks on the best
chain from the current node, and, ending next to a higher number, at most the blocks on
the chain to that neighbour. A block counts less by the nodes no path through it can
visit: a node with two links only, passed through, takes both, so of two such nodes on
the same two neighbours one is left out, and a node can carry no more than two of them
(the block's entry one). The tree is built in one depth-first pass over bit masks and
remembered per (root, component).
"""

from __future__ import annotations

from sheetgen.games.ontour.route.tables import _UNBOUNDED, _Tables


class _Blocks(_Tables):
    """The block-cut tree of a component, per root."""

    def block_chains(self, root: int, reach: int,
                     chains: bool = True) -> tuple[int, dict[int, tuple[int, int]]]:
        """``_block_chains``, remembered: states that differ only in the stars outside
        the component share it. A root with a single neighbour ``s`` in ``reach`` hangs
        by a bridge from the tree of ``s`` over the rest, which is what the route's
        next state there asks for: one answer serves both, shifted by ``s``."""
        key = (root, reach, chains)
        hit = self.chains.get(key)
        if hit is None:
            link = self.any_mask[root] & reach
            if link & (link - 1) == 0 and link != reach:
                s = link.bit_length() - 1
                rest_segment, rest_chain = self.block_chains(s, reach ^ link, chains)
                if rest_segment:  # else the bridge may be a dead end: see _block_chains
                    w = self.weights[s]
                    w_numbers = 0 if self.star_mask >> s & 1 else w
                    chain = {root: (0, 0)}
                    if chains:
                        chain = {x: (a + w, b + w_numbers)
                                 for x, (a, b) in rest_chain.items()}
                        chain[root] = (0, 0)
                    hit = self.chains[key] = (w + rest_segment, chain)
                    return hit
            hit = self.chains[key] = self._block_chains(root, reach, chains)
        return hit

    def _block_chains(self, root: int, reach: int,
                      chains: bool = True) -> tuple[int, dict[int, tuple[int, int]]]:
        """The block-cut tree bounds of simple paths leaving ``root`` through ``reach``.

        Such a path runs through a chain of biconnected blocks, each entered at a cut
        vertex and left by another, never coming back. Returns the most it can score
        along any chain (the weight of every block's vertices other than its entry, along
        the best chain from ``root`` downwards), and for every vertex ``a`` the most a path
        ending at ``a`` can score: the blocks on the chain from ``root`` to ``a``, with
        every node and with the numbers only. A block counts less by the nodes that no
        path through it can visit (``_forced_skips``; one fewer where the path ends).

        One depth-first pass over bitsets, without recursion: a vertex's block closes at
        its parent when no link from it or its descendants climbs above the parent."""
        any_mask = self.any_mask
        wb = self.weights
        wn = self.number_weights
        around = reach | (1 << root)
        no_end = self.no_end
        n = self.n
        links = [0] * n  # neighbours in around
        touch = [0] * n  # neighbours of the vertex and of its descendants
        below = [0] * n  # best chain value of the blocks hanging from the vertex
        # The vertex's open part (descendants whose block is not closed yet): the best
        # ``below`` among them, their weight, without stars, and their set.
        deep = [0] * n
        weight = [0] * n
        numbers = [0] * n
        members = [0] * n
        blocks: list[tuple[int, int, int, int, int, int]] = []
        seen = path = 1 << root  # path: the vertices on the depth-first path
        pairs = 0  # vertices with exactly two neighbours in around
        sharp = self.sharp
        links[root] = any_mask[root] & around
        work = [root]
        u = root
        while True:
            fresh = links[u] & ~seen
            if fresh:
                bit = fresh & -fresh
                seen |= bit
                path |= bit
                u = bit.bit_length() - 1
                nb = links[u] = any_mask[u] & around
                if sharp and nb.bit_count() == 2:
                    pairs |= bit
                work.append(u)
                continue
            work.pop()
            if not work:
                break
            path ^= 1 << u
            p = work[-1]
            reached = touch[u] | links[u]
            if reached & (path ^ 1 << p):
                # A link from u's side climbs above p: u's open part belongs to p's block.
                touch[p] |= reached
                weight[p] += wb[u] + weight[u]
                numbers[p] += wn[u] + numbers[u]
                members[p] |= members[u] | 1 << u
                d = below[u]
                if deep[u] > d:
                    d = deep[u]
                if d > deep[p]:
                    deep[p] = d
                u = p
                continue
            # A block hangs from p: u and its open part.
            deepest = below[u]
            group = members[u] | 1 << u
            if members[u]:
                total = strict = wb[u] + weight[u]
                count = count_strict = wn[u] + numbers[u]
                if deep[u] > deepest:
                    deepest = deep[u]
                inner = pairs & group
                if inner & (inner - 1):
                    skip, least, least_numbers = self._forced_skips(
                        inner, group | 1 << p, p, links)
                    if skip:
                        # Passed through, the block leaves out ``skip`` of them; ending
                        # in it, one of them may be the end.
                        strict -= skip * least
                        count_strict -= skip * least_numbers
                        total -= (skip - 1) * least
                        count -= (skip - 1) * least_numbers
            else:  # a bridge, the commonest block on a map
                total = strict = wb[u]
                count = count_strict = wn[u]
                if not deepest and no_end >> u & 1:
                    total = count = 0  # a dead end where a better route cannot end
            if chains:
                blocks.append((p, group, total, count, strict, count_strict))
            value = strict + deepest if deepest else total
            if total > value:
                value = total
            if value > below[p]:
                below[p] = value
            u = p
        chain = {root: (0, 0)}
        through = {root: (0, 0)}
        for entry, group, total, count, strict, count_strict in reversed(blocks):
            base, base_numbers = through[entry]
            pair = (base + total, base_numbers + count)
            passed = (base + strict, base_numbers + count_strict)
            while group:
                bit = group & -group
                group ^= bit
                x = bit.bit_length() - 1
                chain[x] = pair
                through[x] = passed
        return below[root], chain

    def _forced_skips(self, inner: int, block: int, entry: int,
                      links: list[int]) -> tuple[int, int, int]:
        """Vertices of a block that no path through it can visit, at least: ``inner`` are
        its vertices (not the entry) with exactly two neighbours (``links``: each vertex's
        neighbours in the component), both in the block. Passed through, such a vertex
        takes both links; the entry has room for one link inside the block (the route
        arrives there from outside, or starts there), any other vertex for two; and two
        such vertices on the same two neighbours close a cycle. Each vertex not passed
        through frees at most two places, so at least half the excess is not passed
        through, and of two twins one is not. Returns how many are not, at least (a path
        that ends in the block may end at one of them; the others are left out), and the
        least weights (all, numbers only) among ``inner``."""
        wb = self.weights
        wn = self.number_weights
        least = least_numbers = _UNBOUNDED
        pairs: set[int] = set()
        kept = touched = 0
        count = 0
        v_mask = inner
        while v_mask:
            bit = v_mask & -v_mask
            v_mask ^= bit
            v = bit.bit_length() - 1
            nb = links[v]
            if nb & ~block:
                continue  # not both neighbours inside: never mind this one
            kept |= bit
            touched |= nb
            count += 1
            pairs.add(nb)
            if wb[v] < least:
                least = wb[v]
            if wn[v] < least_numbers:
                least_numbers = wn[v]
        excess = 0
        while touched:
            bit = touched & -touched
            touched ^= bit
            a = bit.bit_length() - 1
            k = (links[a] & kept).bit_count()
            room = 1 if a == entry else 2
            if k > room:
                excess += k - room
        out = max((excess + 1) // 2, count - len(pairs))
        return out, least, least_numbers
