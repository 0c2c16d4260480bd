"""tablekit.simulate on a real Dask cluster (two worker processes) gives the same
DataFrame as in this process. Dask is in the test extra: this test always runs."""

from __future__ import annotations

import pytest
from distributed import Client, LocalCluster
from pandas.testing import assert_frame_equal

import tablekit

pytestmark = pytest.mark.server  # a Dask scheduler and its workers


def test_a_dask_cluster_gives_the_local_frame():
    local = tablekit.simulate("creatures", games=40, players=[2, 3], seed=11, workers=1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        seen: list[int] = []
        remote = tablekit.simulate("creatures", games=40, players=[2, 3], seed=11,
                                   executor=client.get_executor(), chunk=5,
                                   progress=lambda done, total: seen.append(done))
    assert_frame_equal(local, remote)
    assert len(remote) == 40 and not remote.attrs["cancelled"] and seen[-1] == 40
